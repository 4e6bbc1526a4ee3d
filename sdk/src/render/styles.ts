// The renderer's only CSS, scoped to its shadow roots. The reset on :host cuts every inherited
// property off from the page (an SDK host of its own is reset whole; a page's slot keeps its box).
const A = '#3451b2';
const Z = 'z-index:2147483000';

export const CSS = `:host(sf-campaign){all:initial}
:host{display:block}
.r{all:initial;display:block;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330}
*{box-sizing:border-box}
.bd{position:fixed;inset:0;background:rgba(17,20,28,.55);display:flex;align-items:center;justify-content:center;padding:16px;${Z}}
.p{position:relative;background:#fff;color:#1d2330;border-radius:12px;padding:24px;width:440px;max-width:100%;max-height:calc(100vh - 32px);overflow:auto;box-shadow:0 12px 40px rgba(0,0,0,.3)}
[tabindex="-1"]:focus{outline:none}
.banner{position:fixed;top:0;left:0;right:0;border-radius:0;width:auto;max-width:none;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;padding:12px 48px 12px 16px;${Z}}
.banner h2,.banner p{margin:0}
.slide{position:fixed;right:16px;bottom:16px;width:340px;max-width:calc(100vw - 32px);${Z}}
h2{font-size:20px;line-height:1.25;margin:0 0 8px;font-weight:700}
p{margin:0 0 12px}
img{display:block;max-width:100%;border-radius:8px;margin:0 0 12px}
button,input,select{font:inherit;color:inherit;margin:0}
.x{position:absolute;top:6px;right:6px;width:36px;height:36px;border:0;border-radius:50%;background:transparent;font-size:22px;line-height:1;cursor:pointer}
.b{display:inline-block;background:${A};color:#fff;border:0;border-radius:8px;padding:10px 18px;font-weight:600;text-decoration:none;cursor:pointer}
.b:disabled{opacity:.6;cursor:progress}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.f{margin:0 0 12px}
label{display:block;font-weight:600;font-size:14px}
.f input:not([type=checkbox]),select{display:block;width:100%;margin-top:4px;padding:9px 10px;border:1px solid #8b93a7;border-radius:6px;background:#fff;font-weight:400}
[aria-invalid=true]{border-color:#b42318!important}
.ck{display:flex;gap:8px;align-items:flex-start;font-weight:400}
.ck input{margin-top:3px}
.e{color:#b42318;font-size:13px;margin:4px 0 0}
.st{margin:12px 0 0}
.hp,.sr{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.q{font-weight:600;margin-bottom:8px}
.n{font-size:13px;color:#5b6272;margin:0 0 4px}
.a{display:block;width:100%;margin:0 0 8px;padding:10px 12px;text-align:left;border:1px solid #c9cfdd;border-radius:8px;background:#f4f6fb;cursor:pointer}
.lb{position:fixed;right:16px;bottom:16px;display:flex;align-items:center;gap:8px;padding:10px 16px;border:0;border-radius:24px;background:${A};color:#fff;font-weight:600;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);${Z}}
.av{width:28px;height:28px;border-radius:50%;margin:0;object-fit:cover}
.c{position:fixed;right:16px;bottom:76px;width:340px;max-width:calc(100vw - 32px);height:440px;max-height:calc(100vh - 96px);display:flex;flex-direction:column;background:#fff;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.3);overflow:hidden;${Z}}
.c[hidden]{display:none}
.hd{display:flex;align-items:center;gap:8px;padding:10px 48px 10px 14px;background:${A};color:#fff;position:relative}
.hd .x{color:#fff}
.log{flex:1;overflow:auto;padding:12px;display:flex;flex-direction:column;gap:8px}
.m{max-width:85%;padding:8px 12px;border-radius:12px;background:#eef1f8;align-self:flex-start;white-space:pre-wrap}
.m.u{align-self:flex-end;background:${A};color:#fff}
.in{display:flex;gap:8px;padding:10px;border-top:1px solid #e3e6ee}
.in input{flex:1;min-width:0;padding:8px 10px;border:1px solid #8b93a7;border-radius:6px}
.rec ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px}
.rec a{display:block;height:100%;padding:10px;border:1px solid #e3e6ee;border-radius:8px;color:inherit;text-decoration:none;background:#fff}
.rec img{width:100%;aspect-ratio:1;object-fit:cover;margin-bottom:8px}
.rec b{display:block;margin-top:4px}`;
