import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Building2 } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { ChartCard } from './chart-card.tsx';
import { DefinitionList } from './definition-list.tsx';
import { FormActions } from './form-actions.tsx';
import { AddButton } from './add-button.tsx';
import { EnumSelect, Options, OptionSelect } from './option-select.tsx';
import { NeedsCompany } from './needs-company.tsx';
import { RecordActions } from './record-actions.tsx';
import { RecordStates } from './record-states.tsx';
import { ReportTable } from './report-table.tsx';
import { SegmentedControl } from './segmented-control.tsx';
import { TagChips } from './tag-chips.tsx';

const back = { to: '/juridico', label: 'Voltar aos contratos' };
const texts = { loading: 'Carregando o contrato…', notFound: 'Contrato não encontrado.', failed: 'Não foi possível carregar o contrato.', back };
const renderRecord = (query: Parameters<typeof RecordStates<{ title: string }>>[0]['query']) =>
  render(
    <MemoryRouter>
      <RecordStates query={query} {...texts}>
        {(c) => <h2>{c.title}</h2>}
      </RecordStates>
    </MemoryRouter>,
  );

describe('RecordStates', () => {
  it('shows the record once loaded', () => {
    renderRecord({ isPending: false, isError: false, error: null, data: { title: 'Limpeza' } });
    expect(screen.getByRole('heading', { name: 'Limpeza' })).toBeTruthy();
  });
  it('says not found on a 404 and any other failure apart, both with the way back', () => {
    renderRecord({ isPending: false, isError: true, error: new ApiError(404, 'NOT_FOUND', 'x'), data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('Contrato não encontrado.');
    expect(screen.getByRole('link', { name: 'Voltar aos contratos' }).getAttribute('href')).toBe('/juridico');
  });
  it('says the load failed otherwise', () => {
    renderRecord({ isPending: false, isError: true, error: new Error('rede'), data: undefined });
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível carregar o contrato.');
  });
});

describe('ReportTable', () => {
  it('shows the rows under named columns, with a totals row', () => {
    render(
      <ReportTable
        caption="Critérios BANT"
        rows={[{ k: 'Orçamento', n: 20 }]}
        rowKey={(r) => r.k}
        columns={[
          { header: 'Critério', cell: (r) => r.k },
          { header: 'Pontos', align: 'right', cell: (r) => `${r.n}/25` },
        ]}
        footer={['Total', '20/100']}
      />,
    );
    const table = screen.getByRole('table', { name: 'Critérios BANT' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['CritérioPontos', 'Orçamento20/25', 'Total20/100']);
  });
});

describe('ChartCard', () => {
  it('shows the chart as a described image and the table on "Ver tabela"', async () => {
    render(
      <ChartCard title="Pessoas por departamento" description="O quadro atual." empty={null} table={<p>a tabela</p>}>
        <svg data-testid="chart" />
      </ChartCard>,
    );
    const region = screen.getByRole('region', { name: 'Pessoas por departamento' });
    expect(within(region).getByRole('img', { name: 'Pessoas por departamento' }).getAttribute('aria-describedby')).toBe(screen.getByText('O quadro atual.').id);
    await userEvent.click(within(region).getByRole('button', { name: 'Ver tabela' }));
    expect(screen.getByText('a tabela')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });
  it('says why there is nothing to draw and disables the table', () => {
    render(
      <ChartCard title="Pessoas" description="d" empty="Ninguém cadastrado ainda." table={null}>
        <svg data-testid="chart" />
      </ChartCard>,
    );
    expect(screen.getByText('Ninguém cadastrado ainda.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver tabela' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('OptionSelect, FormActions, DefinitionList', () => {
  it('lists the options after the empty choice', () => {
    render(<OptionSelect aria-label="Vaga" none="Escolha a vaga" options={[{ value: 'a', label: 'Vendedor' }]} defaultValue="" />);
    expect(within(screen.getByRole('combobox', { name: 'Vaga' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Escolha a vaga', 'Vendedor']);
  });
  it('EnumSelect shows the labels and hands back the chosen value', async () => {
    const onChange = vi.fn();
    render(<EnumSelect aria-label="Tipo" values={['text', 'number'] as const} labels={{ text: 'Texto', number: 'Número' }} value="text" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Texto', 'Número']);
    await userEvent.selectOptions(select, 'Número');
    expect(onChange).toHaveBeenCalledWith('number');
  });
  it('gives just the options to a select styled its own way', () => {
    render(
      <select aria-label="Situação" className="h-9">
        <Options options={[{ value: 'sent', label: 'Enviado' }, { value: 'bounced', label: 'Devolvido' }]} />
      </select>,
    );
    expect(within(screen.getByRole('combobox', { name: 'Situação' })).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([['sent', 'Enviado'], ['bounced', 'Devolvido']]);
  });
  it("asks before a record's deletion when given one, and deletes only on 'Excluir'", async () => {
    const onConfirm = vi.fn(async () => {});
    render(<RecordActions deletion={{ title: 'Excluir o contrato?', description: 'Não pode ser desfeito.', failureMessage: 'Não foi possível excluir.', onConfirm }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir o contrato?' });
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
  it('puts the plus before the label of a new-record button', async () => {
    const add = vi.fn();
    render(<AddButton onClick={add}>Novo contrato</AddButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Novo contrato' }));
    expect(add).toHaveBeenCalledOnce();
  });
  it('cancels without submitting', async () => {
    const cancel = vi.fn();
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <FormActions onCancel={cancel} pending={false} submitLabel="Salvar" />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(cancel).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).toHaveBeenCalledOnce();
  });
  it('pairs each label with its value', () => {
    render(<DefinitionList items={[{ label: 'Valor', value: 'R$ 10,00' }]} />);
    expect(screen.getByRole('term').textContent).toBe('Valor');
    expect(screen.getByRole('definition').textContent).toBe('R$ 10,00');
  });
});

describe('SegmentedControl', () => {
  it('checks the chosen way and hands on another', async () => {
    const onChange = vi.fn();
    render(<SegmentedControl label="Como criar" options={[['blank', 'Em branco'], ['brief', 'Briefing com IA']]} value="blank" onChange={onChange} />);
    expect(screen.getByRole('radio', { name: 'Em branco' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: 'Briefing com IA' }));
    expect(onChange).toHaveBeenCalledWith('brief');
  });
});

describe('TagChips, NeedsCompany', () => {
  it('lists the tags, and nothing without any', () => {
    const { container, rerender } = render(<TagChips tags={['vip', 'feira']} />);
    expect(within(screen.getByRole('list', { name: 'Etiquetas' })).getAllByRole('listitem').map((t) => t.textContent)).toEqual(['vip', 'feira']);
    rerender(<TagChips tags={[]} />);
    expect(container.innerHTML).toBe('');
  });
  it('says what the page is for and links the company', () => {
    render(
      <MemoryRouter>
        <NeedsCompany icon={Building2} title="Vincule sua empresa" description="A assinatura é da empresa." />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Vincule sua empresa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vincular empresa' }).getAttribute('href')).toBe('/company-welcome');
  });
});
