export default function ArticlesPage() {
  return <p>文章管理</p>;
}
