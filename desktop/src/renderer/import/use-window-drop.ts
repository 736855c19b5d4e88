import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { folioBridge } from '../bridge/folio-bridge';

/** What the import screen receives in its location state when files were dropped elsewhere. */
export interface DroppedPaths {
  droppedPaths: string[];
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Files or folders dropped anywhere on the window go to 本地导入, except where a part of the screen
 * takes them itself (the body editor's images, the cover field) by preventing the drag's default:
 * there the hint hides and the drop is left to that part. The default drop (Chromium opening the
 * file in place of the app) is always prevented: it would navigate away from the app.
 * Returns whether files are being dragged over a place that would import them, for the drop hint.
 */
export function useWindowDrop(): boolean {
  const navigate = useNavigate();
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      setDragging(!event.defaultPrevented);
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      const taken = event.defaultPrevented;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      if (taken) return;
      const bridge = folioBridge();
      const paths = Array.from(event.dataTransfer?.files ?? [])
        .map((file) => bridge.pathForFile(file))
        .filter((path) => path !== '');
      if (paths.length > 0) navigate('/import', { state: { droppedPaths: paths } satisfies DroppedPaths });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [navigate]);
  return dragging;
}
