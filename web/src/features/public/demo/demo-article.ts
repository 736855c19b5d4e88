import type { PublicArticleDetail } from '@folio/shared';

/**
 * The built-in sample of demo mode (docs/spec.md §4.5): the only article, id 1, shown at article
 * 1's addresses: `/articles/1` and the slug the sample site's first article gets (server/API.md §E19).
 */
export const DEMO_ARTICLE: PublicArticleDetail = {
  id: 1,
  slug: 'huan-ying-lai-dao-folio-wo-de-di-yi-pian-bo-ke',
  title: 'React 18 新特性详解',
  summary: '并发渲染、自动批处理与新的 Hooks：一文读懂 React 18 带来的变化。',
  category: '前端开发',
  tags: ['React', 'JavaScript', '前端'],
  cover: '',
  cover_image: '',
  views: 1250,
  comment_count: 0,
  comments: [],
  comment_threads: [],
  diagrams: [],
  created_at: '2024-01-15T10:30:00Z',
  updated_at: '2024-01-15T10:30:00Z',
  content: `# React 18 新特性详解

React 18 引入了并发渲染，让 React 可以中断、暂停和恢复渲染工作。

## 自动批处理

\`\`\`jsx
setTimeout(() => {
  setCount((c) => c + 1);
  setFlag((f) => !f);
  // React 18 只会重新渲染一次
}, 1000);
\`\`\`

## 渲染流程

\`\`\`mermaid
graph TD
  A[状态更新] --> B{是否紧急?}
  B -- 是 --> C[同步渲染]
  B -- 否 --> D[并发渲染]
\`\`\`

> 这是演示模式下的示例文章。
`,
};
