import { ServerMessages as M } from '@folio/shared';
import type { DiagramRenderingRequest, PublicDiagram } from '@folio/shared';
import { badRequest, notFound } from '../errors.js';
import { presentDiagram } from '../presenters/articles.presenter.js';
import type { DiagramsRepository } from '../store/diagrams.repository.js';
import { cleanDiagramSvg } from './diagram-svg.js';

/**
 * Pre-rendered Mermaid diagrams. The owner's admin draws each diagram of an article in both
 * themes and uploads the SVGs; visitors then get images instead of downloading Mermaid (about
 * 800 KB of script) and laying the diagram out on their own main thread.
 */
export class DiagramsService {
  constructor(private readonly diagrams: DiagramsRepository) {}

  /** Cleans and stores one diagram of a live article; 400 when its body does not hold the source. */
  async save(articleId: number, request: DiagramRenderingRequest): Promise<PublicDiagram> {
    const light = cleanDiagramSvg(request.light);
    const dark = cleanDiagramSvg(request.dark);
    const outcome = await this.diagrams.save(articleId, {
      source: request.source,
      width: light.width,
      height: light.height,
      lightSvg: light.svg,
      darkSvg: dark.svg,
    });
    switch (outcome.status) {
      case 'saved':
        return presentDiagram(outcome.diagram);
      case 'missing':
        throw notFound(M.articleNotFound);
      case 'not_in_body':
        throw badRequest(M.diagramSourceNotInArticle);
      case 'full':
        throw badRequest(M.diagramTooMany);
    }
  }

  /**
   * A diagram image a live article shows, by its file name (`<sha256>.svg`); undefined for any
   * other name, and when the file went meanwhile (an edit dropped the diagram).
   */
  readImage(fileName: string): Promise<Buffer | undefined> {
    const name = fileName.endsWith('.svg') ? fileName.slice(0, -'.svg'.length) : '';
    return this.diagrams.readLiveImage(name);
  }
}
