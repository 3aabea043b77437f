/** Auth messages of spec §5 and §8 (no zod here: the app shell imports this). */
export const AUTH_MESSAGES = {
  required: 'Email e senha são obrigatórios',
  requiredTitle: 'Campos obrigatórios',
  invalidEmail: 'Formato de email inválido',
  signUpRequired: 'Por favor, preencha todos os campos obrigatórios',
  passwordMismatch: 'As senhas não conferem',
  weakPassword: 'Senha muito fraca: A senha deve ter pelo menos 6 caracteres',
  resetEmailRequired: 'Email obrigatório',
  notAuthenticated: 'Usuário não autenticado',
  authTimeout: 'Timeout de autenticação',
  authInitFailed: 'Auth initialization failed',
  loadUserFailed: 'Failed to load user data',
  signOutFailed: 'Sign out failed',
  emailConfirmedToast: 'Email confirmado com sucesso! Faça login para continuar.',
  googleError: 'Erro ao conectar com Google',
  googleLinkError: 'Erro ao vincular Google',
  resetEmailError: 'Erro ao enviar email',
} as const;
