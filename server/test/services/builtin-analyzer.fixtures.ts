/** Realistic articles, written the way the owner would, for the built-in analyser tests. */

export const reactHooksArticle = {
  title: '深入理解 React Hooks：从 useState 到自定义 Hook',
  summary: '',
  content: `## 为什么需要 Hooks

在 React 16.8 之前，函数组件无法拥有自己的状态，复杂的逻辑只能写在 class 组件里。Hooks 的出现让函数组件也能管理状态和副作用，代码更短，也更容易复用。

## useState：管理组件状态

\`useState\` 返回一个状态值和更新它的函数。每次调用更新函数，React 都会重新渲染组件：

\`\`\`jsx
function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>点击了 {count} 次</button>;
}
\`\`\`

## useEffect：处理副作用

数据请求、订阅和手动修改 DOM 都属于副作用，应该放在 \`useEffect\` 中。依赖数组决定了副作用何时重新执行，漏写依赖是最常见的 bug 来源。

## 自定义 Hook 与性能优化

把重复的状态逻辑抽成自定义 Hook（例如 \`useFetch\`），可以在多个组件之间共享。配合 \`useMemo\` 和 \`useCallback\` 缓存计算结果和回调函数，能减少不必要的渲染，这是 React 性能优化的常用手段。

![Hooks 生命周期示意图](/uploads/hooks.png)

更多细节可以参考 [React 官方文档](https://react.dev/reference/react)。
`,
};

export const mysqlIndexArticle = {
  title: 'MySQL 索引原理与查询优化实战',
  summary: '',
  content: `# MySQL 索引原理与查询优化实战

索引是数据库性能的关键。本文从 InnoDB 的 B+树结构讲起，结合慢查询日志和 EXPLAIN 执行计划，总结日常开发中最实用的索引优化经验。

## B+树与聚簇索引

InnoDB 使用 B+树组织数据，主键索引就是聚簇索引，叶子节点存放整行数据；二级索引的叶子节点只存主键值，查询时需要回表。

## 联合索引与最左前缀原则

联合索引 \`(a, b, c)\` 只有在查询条件包含最左列 a 时才能生效。把区分度高的列放在前面，并尽量使用覆盖索引避免回表。

\`\`\`sql
CREATE INDEX idx_user_status_created ON orders (user_id, status, created_at);
EXPLAIN SELECT id, status FROM orders WHERE user_id = 42 AND status = 'paid';
\`\`\`

## 索引失效的常见场景

- 在索引列上使用函数或隐式类型转换
- 使用 \`LIKE '%关键字'\` 前缀模糊查询
- OR 条件中有列没有索引

开启慢查询日志，定期用 EXPLAIN 分析执行计划，是 MySQL 查询优化的基本功。
`,
};

export const dockerKubernetesArticle = {
  title: 'Deploying a Node Service with Docker and Kubernetes',
  summary: '',
  content: `# Deploying a Node Service with Docker and Kubernetes

This guide walks through packaging a small HTTP service into a Docker image and rolling it out to a Kubernetes cluster with zero downtime.

## Writing the Dockerfile

Use a multi-stage build so the final image only contains the compiled output and production dependencies:

\`\`\`dockerfile
FROM node:20-alpine AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

FROM node:20-alpine
COPY --from=build /app/dist /app
CMD ["node", "/app/server.js"]
\`\`\`

## Creating the Deployment

A Kubernetes Deployment keeps three replicas running and replaces pods one by one during a rolling update. Readiness probes make sure traffic only reaches containers that are ready.

\`\`\`yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 3
\`\`\`

Apply it with \`kubectl apply -f deployment.yaml\` and watch the rollout with \`kubectl rollout status\`.

## Automating with CI/CD

Finally, a GitHub Actions pipeline builds the Docker image on every push, pushes it to the registry and updates the Kubernetes deployment, so every merge to main is deployed automatically.
`,
};

export const ragArticle = {
  title: '用 RAG 给大模型接入私有知识库',
  summary: '',
  content: `大模型的知识停留在训练数据截止的那一天，也不了解企业内部的文档。检索增强生成（RAG）先从向量数据库中检索相关片段，再把它们和问题一起交给大模型回答，从而减少幻觉。

## 文档切分与 Embedding

把文档按段落切分成 500 字左右的片段，用 Embedding 模型把每个片段转成向量，写入向量数据库。

## 检索与生成

用户提问时，先把问题转成向量，检索最相似的几个片段，拼接进提示词，再调用 LLM 生成答案。提示词里要求模型只根据给定材料回答。
`,
};

export const travelEssay = {
  title: '周末去杭州西湖散步',
  summary: '',
  content: `周六早上坐高铁去了杭州，天气很好。沿着西湖边从断桥一路走到苏堤，湖面上有很多游船，柳树刚刚发芽。

中午在湖边的小店吃了一碗片儿川，下午去了灵隐寺，傍晚回到湖边看日落。下次想在春天再来一次。`,
};
