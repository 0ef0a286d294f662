// Placeholder until the page is written.
export default function RegisterPage() {
  return <p>RegisterPage</p>;
}
