import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';
import { shots } from './support/shots.ts';

/** Every Content-Security-Policy violation the page reports, and the browser's refusals to frame (said on the console). */
async function watchCsp(page: Page) {
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (/content security policy|frame-ancestors|refused to (display|frame)/i.test(m.text())) consoleLines.push(m.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...consoleLines];
}

/** A one-page PDF with a line of text, by hand (the cross-reference offsets computed). */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test.describe('/arquivo/:token: a file shared by a link (decision 0392)', () => {
  test('an outside person sees the name, size and preview, and downloads; no sign-in, no CSP violation', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const admin = await createCompanyWithAdmin(page.request, 'Agência Farol E2E Ltda');
    const upload = async (name: string, mime: string, bytes: Buffer, kind: string) => {
      const res = await page.request.post(`/api/files?entityType=company&entityId=${admin.companyId}&kind=${kind}`, { headers: { 'x-file-name': encodeURIComponent(name), 'content-type': mime }, data: bytes });
      expect(res.status(), await res.text()).toBe(201);
      const file = (await res.json()) as { id: string };
      const link = await page.request.post(`/api/files/${file.id}/share-links`, { data: { hours: 48 } });
      return { file, link: (await link.json()) as { id: string; url: string } };
    };
    const pdf = onePagePdf('Proposta comercial 2026');
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 110, b: 190 } } }).png().toBuffer();
    const doc = await upload('Proposta comercial.pdf', 'application/pdf', pdf, 'document');
    const image = await upload('Fachada da loja.png', 'image/png', png, 'image');
    expect(doc.link.url).toMatch(/\/arquivo\/s_[A-Za-z0-9_-]{43}$/);

    const stranger = await browser.newContext({ baseURL, acceptDownloads: true });
    try {
      const sp = await stranger.newPage();
      const violations = await watchCsp(sp);

      await sp.goto(new URL(image.link.url).pathname);
      await expect(sp.getByRole('heading', { name: 'Fachada da loja.png' })).toBeVisible({ timeout: 30_000 });
      await expect(sp.getByText('Agência Farol E2E Ltda compartilhou um arquivo com você')).toBeVisible();
      await expect(sp.getByTestId('shared-file-facts')).toContainText(/Imagem · \d+ KB · link válido até/);
      const img = sp.getByRole('img', { name: 'Fachada da loja.png' });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
      await expectAccessible(sp);
      await shots(sp, 'shared-file-image');

      await sp.setViewportSize({ width: 1280, height: 800 });
      const preview = sp.waitForResponse((r) => r.url().endsWith('?inline=1') && r.request().frame() !== sp.mainFrame());
      await sp.goto(new URL(doc.link.url).pathname);
      await expect(sp.getByRole('heading', { name: 'Proposta comercial.pdf' })).toBeVisible();
      await expect(sp.locator('iframe[title="Pré-visualização de Proposta comercial.pdf"]')).toHaveAttribute('src', /\?inline=1$/);
      // The PDF is framed by our own page: its answer allows exactly that.
      const framed = await preview;
      expect(framed.status()).toBe(200);
      expect(framed.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
      const [download] = await Promise.all([sp.waitForEvent('download'), sp.getByRole('link', { name: 'Baixar' }).click()]);
      expect(download.suggestedFilename()).toBe('Proposta comercial.pdf');
      expect((await import('node:fs')).readFileSync((await download.path())!).equals(pdf)).toBe(true);
      await expectAccessible(sp);
      await shots(sp, 'shared-file-pdf');
      expect(await violations()).toEqual([]);

      // A link handed out as the file's own address leads the browser to the page.
      await sp.goto(`/api/public/files/${doc.link.url.split('/').pop()}`);
      await expect(sp).toHaveURL(/\/arquivo\/s_/);
      await expect(sp.getByRole('heading', { name: 'Proposta comercial.pdf' })).toBeVisible();
    } finally {
      await stranger.close();
    }
  });

  test('a revoked, expired or invalid link says so in Portuguese, with nothing of the company', async ({ page, browser, baseURL }) => {
    // Five page loads, each measured by axe, through a second browser: minutes on a shared machine.
    test.setTimeout(180_000);
    const admin = await createCompanyWithAdmin(page.request, 'Agência Segredo E2E Ltda');
    const res = await page.request.post(`/api/files?entityType=company&entityId=${admin.companyId}&kind=image`, {
      headers: { 'x-file-name': 'Logo secreto.png', 'content-type': 'image/png' },
      data: await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer(),
    });
    const file = (await res.json()) as { id: string };
    const a = (await (await page.request.post(`/api/files/${file.id}/share-links`, { data: {} })).json()) as { id: string; url: string };
    const b = (await (await page.request.post(`/api/files/${file.id}/share-links`, { data: {} })).json()) as { id: string; url: string };
    expect((await page.request.delete(`/api/files/${file.id}/share-links/${a.id}`)).status()).toBe(200);
    await e2eSql("UPDATE file_share_links SET expires_at = now() - interval '1 minute' WHERE id = $1", [b.id]);

    const stranger = await browser.newContext({ baseURL });
    try {
      const sp = await stranger.newPage();
      const cases: Array<[string, string]> = [
        [new URL(a.url).pathname, 'Este link foi desativado por quem o compartilhou.'],
        [new URL(b.url).pathname, 'Este link expirou. Peça um novo link a quem o compartilhou.'],
        [`/arquivo/s_${'Q'.repeat(43)}`, 'Link de arquivo inválido.'],
      ];
      for (const [path, message] of cases) {
        await sp.goto(path);
        await expect(sp.getByRole('heading', { name: 'Não foi possível abrir este arquivo' })).toBeVisible({ timeout: 30_000 });
        await expect(sp.getByTestId('shared-file-error')).toHaveText(message);
        await expect(sp.getByText(/Segredo|Logo secreto/)).toHaveCount(0);
        await expectAccessible(sp);
      }
      await shots(sp, 'shared-file-invalid');
      await sp.goto(new URL(a.url).pathname);
      await expect(sp.getByTestId('shared-file-error')).toBeVisible();
      await shots(sp, 'shared-file-revoked');
      // The bytes' address of a dead link, opened in the browser, leads to the same page (never raw JSON).
      await sp.goto(`/api/public/files/${a.url.split('/').pop()}?download=1`);
      await expect(sp).toHaveURL(/\/arquivo\/s_/);
      await expect(sp.getByTestId('shared-file-error')).toHaveText('Este link foi desativado por quem o compartilhou.');
    } finally {
      await stranger.close();
    }
  });
});
