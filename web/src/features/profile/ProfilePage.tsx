// Placeholder until the page is written.
export default function ProfilePage() {
  return <p>ProfilePage</p>;
}
