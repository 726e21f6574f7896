// The password rule of the reset form (public-web.md sections 5 and 9): at least 6 characters
// with a letter and a digit, equal to the repeated one.
export type PasswordProblem = 'reset_err_invalid_password' | 'reset_not_identical' | null;

export function passwordProblem(password: string, confirm: string): PasswordProblem {
  const valid = password.length >= 6 && /[A-Za-z]/.test(password) && /\d/.test(password);
  if (!valid) return 'reset_err_invalid_password';
  if (password !== confirm) return 'reset_not_identical';
  return null;
}
