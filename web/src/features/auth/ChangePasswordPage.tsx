// Placeholder until the page is written.
export default function ChangePasswordPage() {
  return <p>ChangePasswordPage</p>;
}
