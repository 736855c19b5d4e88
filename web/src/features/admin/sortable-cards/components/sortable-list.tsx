import type { ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { AdminUiMessages } from '@folio/shared';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  dragging: { position: 'relative', zIndex: 2, boxShadow: tokens.shadow16 },
  handle: { cursor: 'grab', touchAction: 'none' },
});

export interface SortableListProps<T> {
  items: T[];
  getKey: (item: T) => string;
  /** Accessible name of an item's drag handle, e.g. '拖动排序 Python'. */
  handleLabel: (item: T, index: number) => string;
  renderItem: (item: T, index: number, dragHandle: ReactNode) => ReactNode;
  onReorder: (items: T[]) => void;
}

/**
 * A vertical list sortable with the mouse, touch or keyboard (focus the handle, Space to lift,
 * arrows to move, Space to drop), shared by skills, contacts and avatars.
 */
export function SortableList<T>({ items, getKey, handleLabel, renderItem, onReorder }: SortableListProps<T>) {
  const styles = useStyles();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(getKey);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ul className={styles.list}>
          {items.map((item, index) => (
            <SortableRow
              key={getKey(item)}
              id={getKey(item)}
              label={handleLabel(item, index)}
              draggingClass={styles.dragging}
              handleClass={styles.handle}
            >
              {(handle) => renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  label: string;
  draggingClass: string;
  handleClass: string;
  children: (dragHandle: ReactNode) => ReactNode;
}

function SortableRow({ id, label, draggingClass, handleClass, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Tooltip content={AdminUiMessages.dragToSort} relationship="description">
      <Button
        ref={setActivatorNodeRef}
        className={handleClass}
        appearance="subtle"
        icon={<ReOrderDotsVerticalRegular />}
        aria-label={label}
        data-testid="drag-handle"
        {...attributes}
        {...listeners}
      />
    </Tooltip>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? draggingClass : undefined}
    >
      {children(handle)}
    </li>
  );
}
