// Bundles and minifies the phone app's ES modules with esbuild (npm):
// `node scripts/build_static.mjs <static> <out dir> <{"name": "path under node_modules"} of the vendor files>`
// writes <out dir>/js (the modules), <out dir>/css (the stylesheets, minified) and <out dir>/js/metafile.json.
// Run by app/assets.py (scripts/setup and the server's start), which decides when a build is fresh; the source
// modules under static/js stay what is linted, type-checked and served whenever there is no fresh build.
//
// Entry points are every page module (static/js/pages/*.js) and every module a module loads with import(),
// the games' renderers loaded by name included, so each of them keeps its path (a page, the service worker's
// precache and `new URL(..., import.meta.url)` find it where the sources have it); code that several of them
// share goes to chunks/. The npm files a module imports at ../vendor/<name> are bundled in from node_modules.
import * as esbuild from "esbuild";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function pageModules(js) {
  const dir = path.join(js, "pages");
  return readdirSync(dir).filter((f) => f.endsWith(".js")).sort().map((f) => path.join(dir, f));
}

/** An esbuild plugin: `../vendor/<name>` is the allow-listed npm file of that name (app/web.py's VENDOR). */
function vendorPlugin(vendor) {
  return {
    name: "vendor",
    setup(build) {
      build.onResolve({ filter: /(^|\/)vendor\/[^/]+$/ }, (args) => {
        const rel = vendor[args.path.split("/").pop()];
        if (!rel) return { errors: [{ text: `not an allow-listed npm file: ${args.path}` }] };
        return { path: path.join(ROOT, "node_modules", rel) };
      });
    },
  };
}

// Paths in the metafile are relative to the folder holding static/ (app/assets.py reads them so).
function options(js, vendor, outdir) {
  return {
    bundle: true, splitting: true, format: "esm", target: "es2020", minify: true, sourcemap: "linked",
    metafile: true, absWorkingDir: path.resolve(js, "..", ".."), outbase: js, outdir, entryNames: "[dir]/[name]",
    chunkNames: "chunks/[name]-[hash]", plugins: [vendorPlugin(vendor)], logLevel: "warning", legalComments: "none",
  };
}

/** Our modules that some module loads with import() (by path or by name), or that nothing imports statically. */
function lazyModules(metafile, base) {
  const ours = Object.keys(metafile.inputs).filter((p) => p.startsWith("static/js/"));
  const statics = new Set();
  const lazy = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const i of input.imports) {
      if (i.kind === "dynamic-import" && i.path.startsWith("static/js/")) lazy.add(i.path);
      else if (!i.external) statics.add(i.path);
    }
  }
  for (const p of ours) if (!statics.has(p) && !p.startsWith("static/js/pages/")) lazy.add(p);
  return [...lazy].sort().map((p) => path.join(base, p));
}

/** Every stylesheet, minified where it is (each is linked by its own URL; none imports another). */
async function buildCss(css, outdir) {
  const sheets = readdirSync(css).filter((f) => f.endsWith(".css")).sort().map((f) => path.join(css, f));
  await esbuild.build({ entryPoints: sheets, outdir, minify: true, logLevel: "warning", legalComments: "none" });
}

async function main() {
  const [root, out, vendorJson] = process.argv.slice(2).map((a, i) => (i < 2 ? path.resolve(a) : a));
  const vendor = JSON.parse(vendorJson || "{}");
  const js = path.join(root, "js");
  const outdir = path.join(out, "js");
  await buildCss(path.join(root, "css"), path.join(out, "css"));
  const pages = pageModules(js);
  const opts = options(js, vendor, outdir);
  const first = await esbuild.build({ ...opts, entryPoints: pages, write: false });
  const lazy = lazyModules(first.metafile, opts.absWorkingDir);
  const result = await esbuild.build({ ...opts, entryPoints: [...pages, ...lazy] });
  writeFileSync(path.join(outdir, "metafile.json"), JSON.stringify(result.metafile));
}

main().catch((err) => {
  console.error(err && err.message ? err.message : err);
  process.exit(1);
});
