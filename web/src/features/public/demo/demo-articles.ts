import { DEMO_CATEGORIES, PUBLIC_ARTICLES_PAGE_SIZE } from '@folio/shared';
import type { PublicArticleList, PublicArticleListItem } from '@folio/shared';
import type { ArticleFilters } from '../articles/model/filters';

const sample = (
  id: number,
  title: string,
  category: string,
  tags: string[],
  summary: string,
  day: string,
  views: number,
): PublicArticleListItem => ({
  id,
  title,
  summary,
  category,
  tags,
  cover: '',
  cover_image: '',
  views,
  comment_count: 0,
  created_at: `${day}T08:00:00Z`,
  updated_at: `${day}T08:00:00Z`,
});

/** Sample articles for demo mode (the API is unreachable): the list still shows what it can do. */
export const DEMO_ARTICLES: PublicArticleListItem[] = [
  sample(
    1,
    'React 18 新特性详解',
    '前端开发',
    ['React', 'JavaScript', '前端'],
    '并发渲染、自动批处理与新的 Hooks：一文读懂 React 18 带来的变化。',
    '2024-01-15',
    1250,
  ),
  sample(
    2,
    'Node.js 性能优化实践',
    '后端开发',
    ['Node.js', '性能优化'],
    '从事件循环到内存泄漏排查，总结线上 Node.js 服务的调优经验。',
    '2024-01-10',
    980,
  ),
  sample(
    3,
    'Git 高效工作流',
    '工具使用',
    ['Git', '效率'],
    '分支策略、交互式变基与常用别名，让版本管理更顺手。',
    '2024-01-05',
    760,
  ),
  sample(
    4,
    'Flutter 跨平台开发入门',
    '移动开发',
    ['Flutter', 'Dart', '移动端', '跨平台'],
    '用一套代码构建 iOS 与 Android 应用的第一步。',
    '2023-12-28',
    640,
  ),
  sample(
    5,
    'MySQL 索引设计指南',
    '数据库',
    ['MySQL', '数据库', '性能优化'],
    '理解 B+ 树索引，避开常见的慢查询陷阱。',
    '2023-12-20',
    1120,
  ),
  sample(
    6,
    'Docker 容器化部署',
    '运维部署',
    ['Docker', 'DevOps'],
    '从 Dockerfile 到多阶段构建，把应用稳定地交付到生产环境。',
    '2023-12-12',
    870,
  ),
  sample(
    7,
    'TypeScript 类型体操',
    '前端开发',
    ['TypeScript', 'JavaScript'],
    '条件类型、映射类型与模板字面量类型的实用技巧。',
    '2023-12-01',
    930,
  ),
  sample(8, 'Python 异步编程', '后端开发', ['Python', '异步'], 'asyncio 的核心概念与常见模式。', '2023-11-22', 540),
  sample(9, 'Nginx 配置最佳实践', '运维部署', ['Nginx', 'DevOps'], '反向代理、缓存与 HTTPS 的推荐配置。', '2023-11-15', 610),
  sample(10, 'Redis 缓存策略', '数据库', ['Redis', '缓存'], '缓存穿透、击穿与雪崩的成因和对策。', '2023-11-02', 720),
];

export const DEMO_CATEGORY_LIST: string[] = [...DEMO_CATEGORIES];

/** Tag counts over the demo articles, most used first. */
export function demoTags(): Record<string, number> {
  const counts = new Map<string, number>();
  for (const article of DEMO_ARTICLES) for (const tag of article.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** The demo articles filtered and paged locally, as the API would. */
export function filterDemoArticles(filters: ArticleFilters): PublicArticleList {
  const needle = filters.search.trim().toLowerCase();
  const matches = DEMO_ARTICLES.filter(
    (article) =>
      (!filters.category || article.category === filters.category) &&
      (!filters.tag || article.tags.includes(filters.tag)) &&
      (!needle ||
        article.title.toLowerCase().includes(needle) ||
        article.summary.toLowerCase().includes(needle) ||
        article.tags.some((tag) => tag.toLowerCase().includes(needle))),
  );
  const perPage = PUBLIC_ARTICLES_PAGE_SIZE;
  const start = (filters.page - 1) * perPage;
  return {
    articles: matches.slice(start, start + perPage),
    total: matches.length,
    pages: Math.ceil(matches.length / perPage),
    current_page: filters.page,
    per_page: perPage,
  };
}
