import { api } from '../../lib/api-client';

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api<{ message: string; endedSessions: number }>('/api/auth/password', { method: 'POST', body });

export const signOutEverywhere = () => api<void>('/api/auth/sign-out-everywhere', { method: 'POST' });

export const forgotPassword = (email: string) =>
  api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: { token, password } });
