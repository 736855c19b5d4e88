export default function ArticleEditorPage() {
  return <p>文章编辑</p>;
}
