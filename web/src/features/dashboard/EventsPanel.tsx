// Placeholder until the page is written.
export default function EventsPanel() {
  return <p>EventsPanel</p>;
}
