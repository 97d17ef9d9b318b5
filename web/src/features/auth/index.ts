/**
 * What other features use of auth: the signed-in user and the session calls. The pages and the route guard
 * (RequireAuth, AuthLayout, forms) are imported by the app's routes directly.
 */
export { isAdmin, startSessionCheck, useCurrentUser, useLogout } from './api';
export { CURRENT_USER_KEY, type AuthUser } from './types';
