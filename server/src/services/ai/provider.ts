import type OpenAI from 'openai';
import type * as OpenAiSdkModule from 'openai';
import { z } from 'zod';
import { ServerMessages as M } from '@folio/shared';
import type { AiProviderConfig } from '../../config.js';
import type { AnalyzeInput, Suggestion } from './builtin-analyzer.js';

/** How much of the body the provider sees: enough to judge the topic, cheap to send. */
const CONTENT_EXCERPT_CHARS = 4000;

/** Why the provider could not answer; `reason` is the Chinese `fallback_reason` of server/API.md §9.10. */
export class AiProviderError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'AiProviderError';
  }
}

export interface AiProvider {
  /** Resolves with the provider's suggestion or rejects with {@link AiProviderError}. */
  suggest(input: AnalyzeInput, categories: readonly string[]): Promise<Suggestion>;
}

const answerSchema = z.object({
  category: z.string(),
  tags: z.union([z.array(z.string()), z.string()]),
  summary: z
    .string()
    .nullish()
    .transform((summary) => summary ?? ''),
});

/** The JSON object in a reply, which models sometimes wrap in a ```json fence or a sentence. */
export function parseAnswer(reply: string): Suggestion {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1];
  const text = fenced ?? reply;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new AiProviderError(M.aiFallbackUnreadable);
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    throw new AiProviderError(M.aiFallbackUnreadable, { cause: error });
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) throw new AiProviderError(M.aiFallbackUnreadable, { cause: answer.error });
  const { category, tags, summary } = answer.data;
  return { category, tags: typeof tags === 'string' ? tags.split(/[,，]/) : tags, summary };
}

function buildPrompt(input: AnalyzeInput, categories: readonly string[]): string {
  return [
    `标题：${input.title}`,
    `摘要：${input.summary || '（无）'}`,
    `正文开头：\n${input.content.slice(0, CONTENT_EXCERPT_CHARS)}`,
    '',
    `可选分类：${categories.join('、')}（都不合适时可给出一个简短的新分类）`,
  ].join('\n');
}

const SYSTEM_PROMPT =
  '你是技术博客的编辑助手。阅读文章后只输出一个JSON对象，不要输出其他内容：' +
  '{"category": "分类", "tags": ["3到5个标签"], "summary": "不超过100字的摘要"}。' +
  '标签只能包含中英文、数字、下划线和短横线。';

type OpenAiSdk = typeof OpenAiSdkModule;
let sdk: Promise<OpenAiSdk> | undefined;
/**
 * The OpenAI SDK, loaded with the first analysis rather than at start: most sites never set a
 * provider, and compiling it at start cost every start-up time and memory.
 */
const loadSdk = () => (sdk ??= import('openai'));

function providerFailure(
  error: unknown,
  { APIConnectionError, APIConnectionTimeoutError, APIError }: OpenAiSdk,
): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiProviderError(M.aiFallbackTimeout, { cause: error });
  if (error instanceof APIConnectionError) return new AiProviderError(M.aiFallbackUnreachable, { cause: error });
  if (error instanceof APIError && error.status !== undefined)
    return new AiProviderError(M.aiFallbackHttp(error.status), { cause: error });
  return new AiProviderError(M.aiFallbackUnreadable, { cause: error });
}

/** An OpenAI-compatible chat-completions provider: one attempt, bounded by the configured timeout. */
export function createOpenAiProvider(config: AiProviderConfig): AiProvider {
  let client: OpenAI | undefined;
  return {
    async suggest(input, categories) {
      const openAi = await loadSdk();
      client ??= new openAi.default({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 });
      try {
        const completion = await client.chat.completions.create({
          model: config.model,
          temperature: 0.2,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: buildPrompt(input, categories) },
          ],
        });
        const reply = completion.choices?.[0]?.message?.content;
        if (typeof reply !== 'string') throw new AiProviderError(M.aiFallbackUnreadable);
        return parseAnswer(reply);
      } catch (error) {
        throw providerFailure(error, openAi);
      }
    },
  };
}
