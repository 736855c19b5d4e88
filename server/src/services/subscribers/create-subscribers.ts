import type { ServerConfig } from '../../config.js';
import type { ArticlesRepository } from '../../store/articles.repository.js';
import type { Store } from '../../store/store.js';
import { SubscribersRepository } from '../../store/subscribers.repository.js';
import type { ArticleBodyFactsCache } from '../article-body-facts.js';
import type { MailService } from '../mail/mail.service.js';
import { SubscriberLinks } from '../mail/unsubscribe-links.js';
import { absoluteOn } from './subscriber-mails.js';
import { SubscriberNotices } from './subscriber-notices.js';
import { SubscribersService } from './subscribers.service.js';

/**
 * The subscribers service (server/API.md §E23.10), and, when mail is configured, the notices that
 * mail each new article to them, hooked into every commit that makes an article public.
 */
export function createSubscribersService(
  config: ServerConfig,
  store: Store,
  articles: ArticlesRepository,
  bodyFacts: ArticleBodyFactsCache,
  mail: MailService,
  tokenSecret: string,
): SubscribersService {
  const repository = new SubscribersRepository(store);
  // PUBLIC_URL is required with SMTP_URL: every link in a mail points at it.
  const siteOrigin = config.publicUrl;
  if (!config.mail || siteOrigin === undefined) return new SubscribersService(repository, undefined);
  const links = new SubscriberLinks(tokenSecret);
  const onQueued = () => mail.wake();
  articles.announceWith(
    new SubscriberNotices({
      siteOrigin,
      links,
      perMinute: config.mail.limits.subscriberMailsPerMinute,
      onQueued,
      factsOf: (article) => ({
        title: article.title,
        excerpt: article.summary.trim() || bodyFacts.of(article.id).excerpt,
        cover: article.cover ? absoluteOn(siteOrigin, article.cover) : '',
        url: `${siteOrigin}/articles/${encodeURIComponent(article.slug)}`,
      }),
    }),
  );
  return new SubscribersService(repository, { siteOrigin, links, onQueued });
}
