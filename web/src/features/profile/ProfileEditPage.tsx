// Placeholder until the page is written.
export default function ProfileEditPage() {
  return <p>ProfileEditPage</p>;
}
