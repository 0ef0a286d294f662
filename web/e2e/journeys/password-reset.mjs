// d) A password is reset through the emailed link, and the new password
// logs in.
import { signUpPerson } from '../api.mjs';
import { waitForMail, linkIn } from '../mail.mjs';
import { field, fillForm, logIn, see } from '../ui.mjs';

export default async function passwordReset({ page, stack, screenshot }) {
  const person = await signUpPerson(stack);
  const newPassword = 'Fresh-e2e-pass-2';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forget/password');
  await field(page, 'Email').fill(person.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await see(page, 'Password reset email sent! Check your inbox.');

  const mail = await waitForMail(stack.sesURL, person.email, 'Reset your Turnout password');
  const link = linkIn(mail, '/forget/password/create');
  await page.goto(link);
  await fillForm(page, { 'New Password': newPassword, 'Confirm Password': newPassword });
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await see(page, 'Password reset successfully!');
  await screenshot();

  await logIn(page, person.username, newPassword);
  await page.getByRole('heading', { name: person.username }).waitFor();
}
