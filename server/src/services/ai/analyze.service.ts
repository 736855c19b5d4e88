import { DEMO_CATEGORIES, LIMITS, ServerMessages as M, sanitizeTag } from '@folio/shared';
import type { AiAnalysis, AiAnalyzeRequest } from '@folio/shared';
import type { ServerConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { analyzeWithKeywords } from './builtin-analyzer.js';
import type { Suggestion } from './builtin-analyzer.js';
import { AI_CATEGORY, FALLBACK_CATEGORY } from './keywords.js';
import { cutText, truncateText } from './markdown-text.js';
import { AiProviderError, createOpenAiProvider } from './provider.js';
import type { AiProvider } from './provider.js';

export interface AnalysisOutcome {
  analysis: AiAnalysis;
  msg: string;
}

/** Tags the client can save as is: cleaned to the 9.1 rule, no duplicates (any case), at most five. */
function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const cleaned: string[] = [];
  for (const raw of tags.flatMap((tag) => tag.split(','))) {
    const tag = sanitizeTag(raw);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    cleaned.push(tag);
    if (cleaned.length === LIMITS.aiTags) break;
  }
  return cleaned;
}

/** A category that passes 9.1: one line, no comma (the text before one is kept), at most 64 characters. */
function cleanCategory(category: string): string {
  const firstPart = category.split(/[,，]/)[0] ?? '';
  return cutText(firstPart.replace(/\s+/g, ' ').trim(), LIMITS.articleCategory).trim();
}

/** The output rules of server/API.md §9.10, whatever produced the suggestion. */
export function applyOutputRules(suggestion: Suggestion, request: AiAnalyzeRequest, source: AiAnalysis['source']): AiAnalysis {
  const summary = suggestion.summary.replace(/\s+/g, ' ').trim();
  return {
    category: cleanCategory(suggestion.category),
    tags: cleanTags(suggestion.tags),
    suggested_summary: request.summary ? '' : truncateText(summary, LIMITS.aiSummary),
    source,
  };
}

/**
 * Suggests a category, tags and a summary. The configured provider is asked first; when there
 * is none, or it fails in any way, the built-in analyser answers, so this never rejects
 * because of the provider.
 */
export class AiAnalyzeService {
  private readonly provider: AiProvider | undefined;

  constructor(
    config: ServerConfig,
    private readonly existingCategories: () => readonly string[],
    private readonly logger: Logger,
  ) {
    this.provider = config.ai ? createOpenAiProvider(config.ai) : undefined;
  }

  /** The owner's categories first, then the demo categories and 人工智能, without duplicates. */
  private categories(): string[] {
    const own = this.existingCategories().filter((category) => category && category !== FALLBACK_CATEGORY);
    return [...new Set([...own, ...DEMO_CATEGORIES, AI_CATEGORY])];
  }

  async analyze(request: AiAnalyzeRequest): Promise<AnalysisOutcome> {
    const categories = this.categories();
    if (this.provider) {
      try {
        const suggestion = await this.provider.suggest(request, categories);
        const analysis = applyOutputRules(suggestion, request, 'provider');
        if (analysis.category || analysis.tags.length > 0) return { analysis, msg: M.aiDone };
        throw new AiProviderError(M.aiFallbackUnreadable);
      } catch (error) {
        const reason = error instanceof AiProviderError ? error.reason : M.aiFallbackUnreadable;
        this.logger.info(`AI provider failed, using the built-in analyser: ${reason}`);
        const analysis = applyOutputRules(analyzeWithKeywords(request, categories), request, 'builtin');
        return { analysis: { ...analysis, fallback_reason: reason }, msg: M.aiFallback };
      }
    }
    return { analysis: applyOutputRules(analyzeWithKeywords(request, categories), request, 'builtin'), msg: M.aiDone };
  }
}
