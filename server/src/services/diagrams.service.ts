import { setImmediate as nextTurn } from 'node:timers/promises';
import MarkdownIt from 'markdown-it';
import { LIMITS, ServerMessages as M, topLevelMermaidSources } from '@folio/shared';
import type { DiagramRenderingRequest, PublicDiagram, UndrawnDiagrams } from '@folio/shared';
import { badRequest, notFound } from '../errors.js';
import { presentDiagram } from '../presenters/articles.presenter.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import type { DiagramsRepository } from '../store/diagrams.repository.js';
import { DiagramSvgCleaner } from './diagram-svg-cleaner.js';

// Parsed as the web app parses article bodies (raw HTML as text), so a fence is a diagram here
// exactly when the page would draw it.
const markdown = new MarkdownIt({ html: false });

/** Bodies read and parsed per turn of the event loop when looking for undrawn diagrams. */
const SCAN_BATCH = 100;

/**
 * Pre-rendered Mermaid diagrams. The owner's admin draws each diagram of an article in both
 * themes and uploads the SVGs; visitors then get images instead of downloading Mermaid (about
 * 800 KB of script) and laying the diagram out on their own main thread.
 */
export class DiagramsService {
  /** The diagram sources of each article's body, by the body version they were read from. */
  private readonly sourcesOfBody = new Map<number, { bodyVersion: number; sources: readonly string[] }>();

  constructor(
    private readonly diagrams: DiagramsRepository,
    private readonly articles: ArticlesRepository,
    /** Cleans uploads off the event loop; stopped when idle, so it needs no closing. */
    private readonly cleaner = new DiagramSvgCleaner(),
  ) {}

  /**
   * Live articles with a diagram that has no image: those that came by a path that does not draw
   * (the original admin or another client, an import of a backup, a site from before
   * pre-rendering), or whose image file is gone. The admin draws them when it starts. Bodies are read once per change (most
   * hold no diagram and are not parsed), a batch per turn so visitors are not kept waiting.
   */
  async undrawnArticleIds(): Promise<UndrawnDiagrams> {
    const live = this.articles.listLive();
    const undrawn: number[] = [];
    for (const [index, article] of live.entries()) {
      if (index > 0 && index % SCAN_BATCH === 0) await nextTurn();
      // Binned or purged during a pause.
      if (article.deleted_at !== null) continue;
      const sources = this.diagramSources(article.id);
      // Most articles have no diagram: their drawings are not looked at.
      if (sources.length === 0) continue;
      const drawn = new Set(this.diagrams.withFiles(article).map((diagram) => diagram.source));
      if (sources.some((source) => !drawn.has(source))) undrawn.push(article.id);
    }
    const liveIds = new Set(live.map((article) => article.id));
    for (const id of this.sourcesOfBody.keys()) if (!liveIds.has(id)) this.sourcesOfBody.delete(id);
    return { article_ids: undrawn };
  }

  private diagramSources(articleId: number): readonly string[] {
    const bodyVersion = this.articles.bodyVersion(articleId);
    const known = this.sourcesOfBody.get(articleId);
    if (known?.bodyVersion === bodyVersion) return known.sources;
    const body = this.articles.body(articleId);
    const found = /mermaid/i.test(body) ? topLevelMermaidSources(markdown.parse(body, {})) : [];
    // Beyond the per-article limit a diagram cannot be stored, so it is not waiting for one.
    const sources = [...new Set(found)].slice(0, LIMITS.articleDiagrams);
    this.sourcesOfBody.set(articleId, { bodyVersion, sources });
    return sources;
  }

  /** Cleans and stores one diagram of a live article; 400 when its body does not hold the source. */
  async save(articleId: number, request: DiagramRenderingRequest): Promise<PublicDiagram> {
    const light = await this.cleaner.clean(request.light);
    const dark = await this.cleaner.clean(request.dark);
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
   * A diagram image by its file name (`<sha256>.svg`): for anyone when a published article shows
   * it, for the admin (`forAdmin`) when any live article does; undefined for any other name, for
   * a draft's or scheduled article's diagram asked by anyone else (its name comes from its
   * content, so knowing a diagram's source would otherwise show what an unpublished article
   * draws), and when the file went meanwhile (an edit dropped the diagram).
   */
  readImage(fileName: string, forAdmin: boolean): Promise<Buffer | undefined> {
    const name = fileName.endsWith('.svg') ? fileName.slice(0, -'.svg'.length) : '';
    if (!forAdmin && !this.isPublicImage(name)) return Promise.resolve(undefined);
    return this.diagrams.readLiveImage(name);
  }

  /** Whether a published article shows the image named `name`. */
  isPublicImage(name: string): boolean {
    return this.articles
      .listPublic()
      .some((article) => article.diagrams?.some((diagram) => diagram.light === name || diagram.dark === name));
  }
}
