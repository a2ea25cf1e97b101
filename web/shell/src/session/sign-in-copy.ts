/** The spec's words for sign-in failures (section 8, "Login and onboarding"). */
export const SIGN_IN_COPY = {
  loginFailed: 'Login failed. Please try again.',
  userInfoFailed: 'Failed to get user info. Please try again.',
} as const;
