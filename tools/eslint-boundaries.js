// Package boundaries as lint rules: arrows point one way (apps → engine → protocol/detect/installers),
// nothing reaches into another package by relative path, Electron stays in apps/menubar,
// and the home directory is read in exactly one module so tests can point HOME anywhere.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const APPS = new Set(["doctor", "team", "menubar"]);
const PACKAGES = new Set(["paths", "protocol", "remote", "detect", "installers", "engine"]);
/** Which workspace packages each package may import (apps may import any package, never another app). */
const ALLOWED = {
  paths: [],
  protocol: [],
  remote: ["protocol"],
  detect: ["protocol"],
  installers: ["paths", "protocol"],
  engine: ["paths", "protocol", "remote", "detect", "installers"],
};
const ELECTRON_MODULES = new Set(["electron", "menubar"]);
const HOMEDIR_MODULE = "packages/paths/src/index.ts";

/** A subpath the package itself declares in its "exports" (e.g. @mytty-bar/engine/client) is public too. */
function publicSubpath(dep, sub) {
  const dir = PACKAGES.has(dep) ? "packages" : "apps";
  try {
    const { exports } = JSON.parse(fs.readFileSync(path.join(ROOT, dir, dep, "package.json"), "utf8"));
    return typeof exports === "object" && exports !== null && Object.hasOwn(exports, `.${sub}`);
  } catch {
    // no readable package.json: the subpath is not public
    return false;
  }
}

/** "packages/detect" / "apps/doctor" for a file, or null outside a workspace. */
function workspaceOf(file) {
  const rel = path.relative(ROOT, path.resolve(file)).split(path.sep);
  if ((rel[0] === "packages" || rel[0] === "apps") && rel.length > 2) return `${rel[0]}/${rel[1]}`;
  return null;
}

function check(context, node, source) {
  if (typeof source !== "string") return;
  const file = context.filename ?? context.getFilename();
  const home = workspaceOf(file);
  const [kind, name] = home ? home.split("/") : [null, null];

  if (source.startsWith(".")) {
    const target = path.resolve(path.dirname(file), source);
    const targetHome = workspaceOf(target);
    if (home && targetHome !== home) {
      context.report({
        node,
        message: `Relative import leaves ${home}: import the package by name (@mytty-bar/…) instead.`,
      });
    }
    return;
  }
  const m = /^@mytty-bar\/([^/]+)(\/.*)?$/.exec(source);
  if (m) {
    const dep = m[1];
    if (m[2] && !publicSubpath(dep, m[2]))
      context.report({ node, message: `Deep import into @mytty-bar/${dep}: use its public entry point.` });
    if (APPS.has(dep) && kind) {
      context.report({ node, message: `Nothing imports an app: ${home} imports @mytty-bar/${dep}.` });
    } else if (kind === "packages" && PACKAGES.has(dep) && dep !== name && !ALLOWED[name]?.includes(dep)) {
      context.report({
        node,
        message: `packages/${name} may not import @mytty-bar/${dep} (allowed: ${ALLOWED[name].join(", ") || "nothing of ours"}).`,
      });
    }
    return;
  }
  const bare = source.split("/")[0];
  if (ELECTRON_MODULES.has(bare) && home !== "apps/menubar") {
    context.report({ node, message: `${bare} may only be imported in apps/menubar.` });
  }
}

const importsRule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    return {
      ImportDeclaration: (node) => check(context, node, node.source.value),
      ExportAllDeclaration: (node) => check(context, node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(context, node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(context, node, node.source.value),
      CallExpression(node) {
        if (
          node.callee.type === "Identifier" &&
          node.callee.name === "require" &&
          node.arguments[0]?.type === "Literal"
        ) {
          check(context, node, node.arguments[0].value);
        }
      },
    };
  },
};

const homedirRule = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = path
      .relative(ROOT, path.resolve(context.filename ?? context.getFilename()))
      .split(path.sep)
      .join("/");
    if (file === HOMEDIR_MODULE) return {};
    const report = (node) =>
      context.report({
        node,
        message: `homedir() is read only in ${HOMEDIR_MODULE}; take paths from there so tests can set HOME.`,
      });
    return {
      MemberExpression(node) {
        if (node.property.type === "Identifier" && node.property.name === "homedir") report(node);
      },
      ImportSpecifier(node) {
        if (node.imported.name === "homedir") report(node);
      },
    };
  },
};

export default { rules: { imports: importsRule, "no-homedir": homedirRule } };
