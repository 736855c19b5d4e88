/**
 * The built-in analyser's knowledge: technical terms it recognises (with the tag it suggests
 * and the category they point to) and words that never make a good tag.
 */

export const FALLBACK_CATEGORY = '其他';
export const AI_CATEGORY = '人工智能';

export interface KnownTerm {
  /** The tag as suggested; already passes the tag rule of server/API.md §9.1. */
  tag: string;
  /** Spellings found in text, matched case-insensitively (Latin) or as substrings (CJK). */
  aliases: readonly string[];
  category?: string;
  /** How strongly the term points at its category; generic words count less than product names. */
  weight?: number;
}

const FRONTEND = '前端开发';
const BACKEND = '后端开发';
const MOBILE = '移动开发';
const DATABASE = '数据库';
const DEVOPS = '运维部署';
const TOOLS = '工具使用';

const term = (tag: string, category: string | undefined, aliases: readonly string[] = [], weight = 3): KnownTerm => ({
  tag,
  aliases: [tag, ...aliases],
  ...(category ? { category } : {}),
  weight,
});

export const KNOWN_TERMS: readonly KnownTerm[] = [
  term('React', FRONTEND, ['React.js', 'ReactJS']),
  term('Hooks', FRONTEND, ['Hook', 'useState', 'useEffect', 'useMemo', 'useCallback', 'useReducer', 'useRef']),
  term('Vue', FRONTEND, ['Vue.js', 'Vuejs', 'Vue3', 'Vue2']),
  term('Angular', FRONTEND),
  term('Svelte', FRONTEND),
  term('Nextjs', FRONTEND, ['Next.js']),
  term('Nuxt', FRONTEND, ['Nuxt.js']),
  term('JavaScript', FRONTEND, ['JS', 'ES6', 'ECMAScript'], 2),
  term('TypeScript', FRONTEND, ['TS'], 2),
  term('CSS', FRONTEND, ['CSS3', 'Sass', 'SCSS', 'Tailwind', 'TailwindCSS']),
  term('HTML', FRONTEND, ['HTML5']),
  term('Webpack', FRONTEND),
  term('Vite', FRONTEND),
  term('Redux', FRONTEND, ['Zustand', 'MobX']),
  term('DOM', FRONTEND, ['虚拟DOM', 'Virtual DOM'], 2),
  term('浏览器', FRONTEND, [], 2),
  term('组件', FRONTEND, ['组件化'], 2),
  term('状态管理', FRONTEND, [], 2),
  term('前端', FRONTEND, [], 2),
  term('服务端渲染', FRONTEND, ['SSR']),
  term('Nodejs', BACKEND, ['Node.js', 'Node', 'NodeJS']),
  term('Express', BACKEND, ['Express.js']),
  term('Koa', BACKEND),
  term('NestJS', BACKEND, ['Nest.js']),
  term('Java', BACKEND),
  term('Spring', BACKEND, ['Spring Boot', 'SpringBoot', 'Spring Cloud']),
  term('Go', BACKEND, ['Golang']),
  term('Python', BACKEND, [], 2),
  term('Django', BACKEND),
  term('Flask', BACKEND),
  term('FastAPI', BACKEND),
  term('Rust', BACKEND),
  term('Cpp', BACKEND, ['C++']),
  term('CSharp', BACKEND, ['C#', '.NET', 'ASP.NET']),
  term('PHP', BACKEND, ['Laravel']),
  term('Ruby', BACKEND, ['Rails']),
  term('API', BACKEND, ['RESTful', 'REST', 'GraphQL', 'gRPC', '接口设计'], 2),
  term('微服务', BACKEND, ['Microservice', 'Microservices']),
  term('中间件', BACKEND, ['Middleware'], 2),
  term('并发', BACKEND, ['多线程', '线程池', '协程', 'Goroutine', 'Concurrency'], 2),
  term('消息队列', BACKEND, ['Kafka', 'RabbitMQ', 'RocketMQ']),
  term('分布式', BACKEND, ['Distributed'], 2),
  term('后端', BACKEND, ['服务端', 'Backend'], 2),
  term('Android', MOBILE, ['安卓']),
  term('iOS', MOBILE),
  term('Flutter', MOBILE, ['Dart']),
  term('ReactNative', MOBILE, ['React Native']),
  term('Kotlin', MOBILE),
  term('Swift', MOBILE, ['SwiftUI']),
  term('小程序', MOBILE, ['微信小程序', 'uni-app', 'Taro']),
  term('移动端', MOBILE, ['移动开发', 'App开发'], 2),
  term('MySQL', DATABASE),
  term('PostgreSQL', DATABASE, ['Postgres']),
  term('SQLite', DATABASE),
  term('Oracle', DATABASE),
  term('MongoDB', DATABASE, ['Mongo']),
  term('Redis', DATABASE),
  term('Elasticsearch', DATABASE),
  term('SQL', DATABASE, ['NoSQL'], 2),
  term('索引', DATABASE, ['B+树', 'B树', '聚簇索引', '联合索引', '最左前缀', '覆盖索引', 'Indexes', 'Indexing', 'B-Tree']),
  term('事务', DATABASE, ['Transaction', 'MVCC', '隔离级别']),
  term('查询优化', DATABASE, ['慢查询', 'EXPLAIN', '执行计划', 'Query Optimization']),
  term('分库分表', DATABASE, ['Sharding', '主从复制', '读写分离']),
  term('数据库', DATABASE, ['Database'], 2),
  term('缓存', DATABASE, ['Cache', 'Caching'], 1),
  term('Docker', DEVOPS, ['Dockerfile', 'Docker Compose', 'docker-compose', '容器化']),
  term('Kubernetes', DEVOPS, ['K8s', 'kubectl', 'Helm']),
  term('容器', DEVOPS, ['Container', 'Containers'], 2),
  term('Nginx', DEVOPS),
  term('Linux', DEVOPS, ['Ubuntu', 'CentOS', 'Debian', 'Shell', 'Bash'], 2),
  term('CICD', DEVOPS, ['CI/CD', '持续集成', '持续部署', '持续交付', 'GitHub Actions', 'Jenkins', 'GitLab CI']),
  term('部署', DEVOPS, ['Deployment', 'Deploy', '上线', '发布流程'], 2),
  term('运维', DEVOPS, ['DevOps', 'SRE'], 2),
  term('监控', DEVOPS, ['Prometheus', 'Grafana', 'Monitoring'], 2),
  term('负载均衡', DEVOPS, ['Load Balancer', 'Load Balancing']),
  term('云原生', DEVOPS, ['Cloud Native', 'AWS', '阿里云', 'Serverless']),
  term('Terraform', DEVOPS, ['Ansible']),
  term('Git', TOOLS, ['GitHub', 'GitLab']),
  term('VSCode', TOOLS, ['VS Code', 'Visual Studio Code']),
  term('Vim', TOOLS, ['Neovim']),
  term('Markdown', TOOLS),
  term('效率工具', TOOLS, ['快捷键', '工作流', 'Productivity'], 2),
  term('命令行', TOOLS, ['终端', 'Terminal', 'CLI'], 2),
  term('IDE', TOOLS, ['IntelliJ', 'WebStorm', 'JetBrains'], 2),
  term('npm', TOOLS, ['pnpm', 'Yarn'], 2),
  term('机器学习', AI_CATEGORY, ['Machine Learning', 'ML']),
  term('深度学习', AI_CATEGORY, ['Deep Learning', '神经网络', 'Neural Network']),
  term('大模型', AI_CATEGORY, ['LLM', '大语言模型', 'GPT', 'ChatGPT', 'Transformer', '提示词']),
  term('PyTorch', AI_CATEGORY, ['TensorFlow', 'Keras']),
  term('人工智能', AI_CATEGORY, ['AI', 'Artificial Intelligence']),
  term('RAG', AI_CATEGORY, ['向量数据库', 'Embedding', 'Embeddings']),
  term('性能优化', undefined, ['性能调优', 'Performance', '优化性能']),
  term('测试', undefined, ['单元测试', 'Unit Test', 'Testing', 'Jest', 'Vitest'], 2),
  term('安全', undefined, ['Security', 'XSS', 'CSRF', 'SQL注入'], 2),
  term('算法', undefined, ['Algorithm', 'Algorithms', '数据结构'], 2),
  term('设计模式', undefined, ['Design Pattern', 'Design Patterns'], 2),
];

/**
 * Latin aliases that are also everyday English words: they only match as written (capitalised),
 * so "a worker node" or "express an idea" does not suggest Node.js or Express.
 */
export const CASE_SENSITIVE_ALIASES: ReadonlySet<string> = new Set([
  'Node',
  'Go',
  'Express',
  'Spring',
  'Swift',
  'Rust',
  'Shell',
  'Rails',
  'Oracle',
  'Helm',
  'Flask',
  'REST',
]);

/** The categories the analyser can pick without any article in the store (server/API.md §9.10). */
export const KEYWORD_CATEGORIES = [FRONTEND, BACKEND, MOBILE, DATABASE, DEVOPS, TOOLS, AI_CATEGORY] as const;

/** Fence languages that say what an article is about even when the prose does not. */
export const FENCE_LANGUAGE_TERMS: Readonly<Record<string, string>> = {
  jsx: 'React',
  tsx: 'React',
  vue: 'Vue',
  sql: 'SQL',
  mysql: 'MySQL',
  dockerfile: 'Docker',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  kotlin: 'Kotlin',
  swift: 'Swift',
  dart: 'Flutter',
  python: 'Python',
  py: 'Python',
  php: 'PHP',
  nginx: 'Nginx',
  css: 'CSS',
  scss: 'CSS',
  html: 'HTML',
  cpp: 'Cpp',
};

const ENGLISH_STOP_WORDS = `a about above after again all also am an and any are as at be because been before being below
between both but by can could did do does doing done down during each else even every few first for from further get gets
got had has have having he her here hers him his how however i if in into is it its itself just let like make makes many
may me might more most much must my need needs new next no nor not now of off often on once one only or other our ours out
over own per rather really same see set she should show shows simply since so some such than that the their theirs them
then there these they thing things this those through thus to too under until up upon us use used uses using very via was
way ways we well were what when where whether which while who whom why will with within without would yet you your yours
article post blog guide tutorial introduction example examples note notes part step steps time today tip tips how-to
learn learned let's want what's it's don't doesn't can't won't we'll you'll i'm code file files run runs running value values
true false null undefined return const var function class import export default
understanding understand introduction intro overview deep dive complete ultimate practical practice practices best
beginner beginners getting started basics basic advanced modern quick simple better build building look looking into
explained explaining exploring lessons`;

const CHINESE_STOP_WORDS = `我们 你们 他们 它们 自己 这个 那个 这些 那些 这样 那样 这里 那里 这种 那种 一个 一些 一种 一下 一起 一定 一直 一般
可以 可能 能够 需要 应该 必须 已经 还是 或者 而且 但是 因为 所以 如果 虽然 然后 之后 之前 以及 以后 以前 其中 其他 其实 通过
进行 使用 利用 采用 实现 提供 包括 包含 作为 成为 没有 不是 就是 还有 只是 只有 非常 比较 特别 更加 很多 许多 所有 每个 各种
什么 怎么 怎样 如何 为什么 为了 由于 关于 对于 根据 本文 文章 今天 现在 时候 时间 问题 方法 方式 情况 内容 部分 地方 东西
介绍 简介 总结 小结 概述 说明 示例 例子 代码 首先 其次 最后 同时 另外 此外 因此 于是 直接 简单 容易 主要 重要 基本 常见
开始 结束 出现 发现 需求 功能 一篇 这篇 下面 上面 以下 如下 当前 当然 不过 而是 并且 并不 不会 不能 就会 就能 也是 都是
了解 学习 知道 认为 觉得 希望 看看 来说 来看 起来 下来 出来 过来 的话 什么样 大家 我的 你的 他的 这是 那是 记录
实践 实战 入门 详解 指南 原理 对比 浅谈 理解 深入 技巧 经验 分享 探索 解析 思考 体验 心得 初探 特性 新特性 一文 读懂 彻底 掌握
欢迎 来到 复杂 整理 做法 思路 一步步 随时 修改 支持 自动 生成 常用 一套 不少 最后 第一 第一篇 我的`;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  [...ENGLISH_STOP_WORDS.split(/\s+/), ...CHINESE_STOP_WORDS.split(/\s+/)].filter(Boolean).map((word) => word.toLowerCase()),
);
