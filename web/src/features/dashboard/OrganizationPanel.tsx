// Placeholder until the page is written.
export default function OrganizationPanel() {
  return <p>OrganizationPanel</p>;
}
