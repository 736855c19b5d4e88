import type { SiteBlockPatch } from '../store/site-blocks.repository.js';
import type { NewArticle } from '../store/articles.repository.js';

/** The sample site seeded on a first start. The owner edits or deletes all of it in /admin. */
export const SAMPLE_BLOCKS: SiteBlockPatch[] = [
  {
    name: 'home',
    content: {
      title: '你好，我是 Folio',
      subtitle: '全栈开发者 · 开源爱好者 · 写代码也写文章',
      author: 'Folio 站长',
      github_url: 'https://github.com/octocat',
      github_calendar_url: 'https://ghchart.rshah.org/octocat',
      contact_description: '欢迎通过以下方式联系我，交流技术或合作项目。',
    },
  },
  {
    name: 'about',
    content: {
      education_background: '<p>计算机科学与技术专业本科，主修软件工程与分布式系统。</p>',
      hobbies: '<p>阅读源码、徒步、摄影，偶尔参加开源项目的周末黑客松。</p>',
      personal_vision: '<p>做简单可靠的软件，把踩过的坑写成文章，帮助更多开发者少走弯路。</p>',
    },
  },
];

export const SAMPLE_SKILLS = [
  { name: 'TypeScript', description: '前后端统一使用 TypeScript，熟悉类型体操与工程化配置', level: 90 },
  { name: 'React', description: '熟练使用 Hooks、状态管理与服务端渲染', level: 85 },
  { name: 'Node.js', description: '使用 Koa 与 Express 构建 REST API 和实时服务', level: 80 },
  { name: 'Docker', description: '容器化部署与 CI/CD 流水线', level: 65 },
];

export const SAMPLE_CONTACTS = [
  { type: 'email', value: 'hello@example.com' },
  { type: 'wechat', value: 'folio-dev' },
  { type: 'phone', value: '+86 138 0000 0000' },
];

const day = (iso: string) => `${iso}T08:00:00Z`;

export const SAMPLE_ARTICLES: NewArticle[] = [
  {
    title: '欢迎来到 Folio：我的第一篇博客',
    category: '工具使用',
    tags: ['Folio', '博客', 'Markdown'],
    summary: '介绍这个站点的功能：文章支持 Markdown、代码高亮和 Mermaid 图表，后台可以随时修改内容。',
    cover: '',
    created_at: day('2026-01-05'),
    content: `# 欢迎来到 Folio

这是站点自动生成的示例文章。你可以在 **管理后台** 中编辑或删除它。

## 支持的写作功能

- 标准 Markdown：标题、列表、表格、引用
- 带语法高亮的代码块
- 使用 Mermaid 绘制流程图

## 代码示例

\`\`\`typescript
interface Article {
  id: number;
  title: string;
  tags: string[];
}

export function describe(article: Article): string {
  return \`\${article.title}（\${article.tags.join('、')}）\`;
}
\`\`\`

## 发布流程

\`\`\`mermaid
graph LR
  A[写草稿] --> B[预览]
  B --> C{满意吗?}
  C -- 是 --> D[发布]
  C -- 否 --> A
\`\`\`

> 提示：访客的评论会实时出现在文章底部。
`,
  },
  {
    title: '用 React Hooks 管理复杂表单状态',
    category: '前端开发',
    tags: ['React', 'Hooks', 'JavaScript'],
    summary: '从 useState 到 useReducer，再到自定义 Hook，一步步整理复杂表单的状态管理思路。',
    cover: '',
    created_at: day('2026-02-12'),
    content: `# 用 React Hooks 管理复杂表单状态

表单是前端最常见也最容易写乱的部分。本文整理一套可复用的做法。

## 从 useState 开始

\`\`\`tsx
const [title, setTitle] = useState('');
const [tags, setTags] = useState<string[]>([]);
\`\`\`

字段一多，分散的 state 很快难以维护。

## 换成 useReducer

\`\`\`tsx
type Action = { type: 'set'; field: keyof Form; value: string } | { type: 'reset' };

function reducer(form: Form, action: Action): Form {
  switch (action.type) {
    case 'set':
      return { ...form, [action.field]: action.value };
    case 'reset':
      return initialForm;
  }
}
\`\`\`

## 数据流

\`\`\`mermaid
sequenceDiagram
  participant U as 用户
  participant F as 表单组件
  participant A as API
  U->>F: 输入内容
  F->>F: dispatch(set)
  U->>F: 点击保存
  F->>A: PUT /api/admin/articles/1
  A-->>F: 200 更新成功
\`\`\`

把校验、提交和重置都封装进一个自定义 Hook，组件就只剩下渲染。
`,
  },
  {
    title: 'Koa 中间件与优雅停机',
    category: '后端开发',
    tags: ['NodeJS', 'Koa', '运维'],
    summary: '理解 Koa 洋葱模型，并实现收到 SIGTERM 后停止接收请求、等待写入完成再退出的优雅停机。',
    cover: '',
    created_at: day('2026-03-20'),
    content: `# Koa 中间件与优雅停机

## 洋葱模型

每个中间件在 \`await next()\` 前后各执行一次：

\`\`\`javascript
app.use(async (ctx, next) => {
  const started = Date.now();
  await next();
  ctx.set('X-Response-Time', \`\${Date.now() - started}ms\`);
});
\`\`\`

## 优雅停机

\`\`\`mermaid
graph TD
  S[收到 SIGTERM] --> A[停止接收新连接]
  A --> B[等待进行中的请求]
  B --> C[刷新未完成的写入]
  C --> D[退出进程 0]
\`\`\`

| 步骤 | 作用 |
| --- | --- |
| server.close() | 不再接受新连接 |
| store.flush() | 确保已确认的写入落盘 |

这样部署新版本时，访客不会看到中断的请求。
`,
  },
];
