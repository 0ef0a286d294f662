// Placeholder until the page is written.
export default function HomePage() {
  return <p>HomePage</p>;
}
