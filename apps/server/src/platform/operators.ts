import type { Config } from './config.ts';

/**
 * The platform's operators (SUPPORT_OPERATORS): the people who run the installation, whatever
 * company they belong to. They answer every support ticket and start installation-wide work
 * such as the Receita data's refresh (decision 0416). Only a verified e-mail counts.
 */
export const isPlatformOperator = (cfg: Pick<Config, 'SUPPORT_OPERATORS'>, user: { email: string; emailVerified: boolean }) =>
  user.emailVerified && cfg.SUPPORT_OPERATORS.includes(user.email.toLowerCase());
