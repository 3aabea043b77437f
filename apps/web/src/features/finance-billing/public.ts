/** What other features show of billing (decisions 0546–0547): 'Cobrar'/'Emitir nota' on a quote or deal, and a customer's money. */
export { SaleBilling } from './components/sale-billing.tsx';
export { CustomerMoneyCard } from './components/customer-money-card.tsx';
