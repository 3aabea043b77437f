/** What other features may use of billing: a plan's price and what it includes (onboarding shows them). */
export { PlanIncludes, PlanPrice } from './components/plan-price.tsx';
