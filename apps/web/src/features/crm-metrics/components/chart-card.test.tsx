import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard, type Column } from './chart-card.tsx';

type Row = { name: string; cents: number };
const columns: Column<Row>[] = [
  { header: 'Origem', text: (r) => r.name, csv: (r) => r.name },
  { header: 'Receita (R$)', text: (r) => `R$ ${r.cents / 100}`, csv: (r) => r.cents / 100, numeric: true },
];
const rows: Row[] = [
  { name: '=site', cents: 123456 },
  { name: 'indicação', cents: 5000 },
];

afterEach(() => vi.restoreAllMocks());

describe('ChartCard', () => {
  it('shows the chart as a described image, and the same data as a table with "Ver tabela"', async () => {
    render(
      <ChartCard title="Receita por origem" description="Valor ganho por origem." fileName="receita" rows={rows} columns={columns}>
        <svg data-testid="chart" />
      </ChartCard>,
    );
    const region = screen.getByRole('region', { name: 'Receita por origem' });
    const image = within(region).getByRole('img', { name: 'Receita por origem' });
    expect(image.getAttribute('aria-describedby')).toBe(screen.getByText('Valor ganho por origem.').id);
    const toggle = within(region).getByRole('button', { name: 'Ver tabela' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('chart')).toBeNull();
    const table = within(region).getByRole('table', { name: 'Receita por origem' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['OrigemReceita (R$)', '=siteR$ 1234.56', 'indicaçãoR$ 50']);
    await userEvent.click(toggle);
    expect(screen.getByTestId('chart')).toBeTruthy();
  });

  it('"Baixar CSV" downloads the rows for Excel pt-BR, formulas defused', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('receita.csv');
    });
    render(
      <ChartCard title="Receita por origem" description="Valor ganho por origem." fileName="receita" rows={rows} columns={columns}>
        <svg />
      </ChartCard>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(await blob!.text()).toBe("\uFEFFOrigem;Receita (R$)\r\n'=site;1234,56\r\nindicação;50\r\n");
  });

  it('says so when the period has nothing, and offers no download', () => {
    render(
      <ChartCard title="Receita por origem" description="Valor." fileName="receita" rows={[]} columns={columns} empty="Nenhum negócio ganho no período.">
        <svg />
      </ChartCard>,
    );
    expect(screen.getByText('Nenhum negócio ganho no período.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Baixar CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
