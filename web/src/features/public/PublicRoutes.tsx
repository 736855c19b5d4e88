export default function PublicRoutes() {
  return <main>Folio</main>;
}
