// Writes .br and .gz beside every compressible built asset, so the server sends pre-compressed files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const exts = new Set(['.js', '.css', '.html', '.svg', '.json', '.map', '.txt', '.ico']);
let files = 0;
let raw = 0;
let br = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (exts.has(path.extname(p)) && !p.endsWith('.map')) {
      const buf = fs.readFileSync(p);
      if (buf.length < 1024) continue;
      const b = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      const g = zlib.gzipSync(buf, { level: 9 });
      fs.writeFileSync(`${p}.br`, b);
      fs.writeFileSync(`${p}.gz`, g);
      files++;
      raw += buf.length;
      br += b.length;
    }
  }
}

walk(dist);
console.log(`pre-compressed ${files} files: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB brotli`);
