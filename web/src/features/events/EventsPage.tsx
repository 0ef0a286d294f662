// Placeholder until the page is written.
export default function EventsPage() {
  return <p>EventsPage</p>;
}
