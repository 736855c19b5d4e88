export default function CommentsPage() {
  return <p>评论管理</p>;
}
