// Placeholder until the page is written.
export default function OrganizationEditPage() {
  return <p>OrganizationEditPage</p>;
}
