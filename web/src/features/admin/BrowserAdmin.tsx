export default function BrowserAdmin() {
  return <main>管理后台</main>;
}
