import { describe, expect, it } from 'vitest';
import { extractLinks, htmlToText, renderTemplate, rewriteLinks, unknownFields } from './render.ts';

describe('campaign templates', () => {
  it('fills merge fields, escaping values in HTML only', () => {
    const v = { primeiro_nome: '<b>Ana</b>', empresa: 'Tom & Cia' };
    expect(renderTemplate('Olá {{primeiro_nome}} da {{ empresa }} {{x}}', v, 'html')).toBe('Olá &lt;b&gt;Ana&lt;/b&gt; da Tom &amp; Cia {{x}}');
    expect(renderTemplate('Olá {{primeiro_nome}}, {{email}}.', v, 'text')).toBe('Olá <b>Ana</b>, .');
    expect(unknownFields('{{nome}} {{sobrenome}}')).toEqual(['sobrenome']);
  });

  it('generates the plain-text part and handles links', () => {
    const html = '<p>Olá&nbsp;<b>Ana</b></p><p>Veja <a href="https://x.com/a?b=1&amp;c=2">a oferta</a><br>Até</p><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('Olá Ana\n\nVeja a oferta (https://x.com/a?b=1&c=2)\nAté');
    expect(extractLinks(`${html}<a href="mailto:a@b.c">m</a><a href="https://x.com/a?b=1&c=2">again</a>`)).toEqual(['https://x.com/a?b=1&c=2']);
    expect(rewriteLinks(html, ['https://x.com/a?b=1&c=2'], (i) => `https://t/${i}?a=1&b=2`)).toContain('href="https://t/0?a=1&amp;b=2"');
  });
});
