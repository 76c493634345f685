// The Underworlds attack entry, loaded when an attack is entered: attacker, weapon and target, each roll by its
// counts (or its faces, die by die), what the engine asks from the fighter cards, and the outcome kept in view
// beside Commit (with the drive back it allows).
import { h, button, sheet, keptOpen } from "../../dom.js";
import { dicePad } from "../../dicepad.js";
import { stepper, setPath, getPath, fieldLabel } from "../../actions.js";
import { countPad, countedRoll, outcomeFirst } from "./counts.js";
import { fighter, fighterName, characteristic, profilesOf, profileName, RESULT_TEXT } from "./pieces.js";
import { capital, listOr } from "../../words.js";

const FACE = {
  attack: [["crit", "✷", "Critical"], ["smash", "⚒", "Smash"], ["fury", "⚔", "Fury"], ["single", "●", "Single support"], ["double", "●●", "Double support"]],
  defence: [["crit", "✷", "Critical"], ["block", "⛨", "Block"], ["dodge", "↯", "Dodge"], ["single", "●", "Single support"], ["double", "●●", "Double support"]],
  magic: [["crit", "✷", "Critical"], ["channel", "⚡", "Channel"], ["focus", "◎", "Focus"], ["blank", "·", "Blank"]],
};

// A defence roll's keys and dice are tinted apart from the attack's, a spell's from both.
const TINT = { defence: "def", magic: "magic" };

// Faces that succeed (Deathgorge rulebook, Combat, pg 21): criticals and the weapon's symbol; in defence
// criticals and the Defence symbol, on Guard both Block and Dodge.


const countRoll = (faces) => {
  const out = {};
  for (const f of faces) if (f && f !== "blank") out[f] = (out[f] || 0) + 1;
  return out;
};


function previewText(reply, a) {
  const { view, c } = a;
  if (!reply) return [];
  if (reply.error) return [h("div", { class: "result" }, "Cannot preview"), h("p", {}, reply.error.message)];
  const out = [];
  const vs = reply.violations || [];
  const combat = (reply.consequences || []).find((x) => x.type === "attack_result" || x.type === "combat" || (x.data && x.data.result));
  const result = combat && combat.data && combat.data.result;
  out.push(h("div", { class: "result", "data-preview": result || "" }, result ? RESULT_TEXT[result] || result : (vs.length ? "Not allowed" : "Outcome")));
  // The result's own summary repeats the header and the damage line: the consequences say it, outcome first.
  for (const cons of outcomeFirst((reply.consequences || []).filter((x) => x.type !== "attack_resolved"))) {
    out.push(h("div", {}, a.words(cons, { ...c, view }) || cons.type.replace(/_/g, " ")));
  }
  for (const v of vs) out.push(h("div", { class: "error" }, v.message), v.rule ? h("div", { class: "rule" }, v.rule) : null);
  return out;
}

/**
 * The attack form: attacker, profile, target, dice per die, support, cover/trapped, keywords, preview.
 * @param {*} s the engine's suggestion of an attack
 * @param {*} c the renderer's context
 * @param {{words: Function}} renderer the renderer's words for a consequence (the outcome is told in them)
 */
export function combatEntry(s, c, { words }) {
  const a = { ...attackSetup(s, c), words };
  const entered = sheet(s.label || "Attack", (close) => attackForm(a, close), { label: "Attack entry" });
  // The attack, then the drive back chosen with it (in this order through the outbox). "Stays" is entered
  // where the catalogue records a drive back not made (hexes 0).
  return entered.then(async (got) => {
    if (!got) return null;
    await c.submit("attack", got.data);
    const min = ((((c.catalogue || []).find((e) => e.type === "drive_back") || {}).fields || {}).hexes || {}).min;
    if (got.hexes > 0 || (got.hexes === 0 && min === 0)) await c.submit("drive_back", { fighter: got.data.target, hexes: got.hexes });
    return null;
  });
}

/** What the attack form starts from: who may attack whom, the weapon the engine offered, the numbers it asks. */
function attackSetup(s, c) {
  const view = c.view;
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const choices = s.choices || {};
  const attackers = choices.attacker || (base.attacker ? [base.attacker] :
    Object.keys(view.fighters).filter((fid) => view.fighters[fid].seat === s.template.by && !view.fighters[fid].out));
  const targets = choices.target || (base.target ? [base.target] :
    Object.keys(view.fighters).filter((fid) => view.fighters[fid].seat !== s.template.by && !view.fighters[fid].out));
  const st = { attacker: base.attacker || attackers[0], target: base.target || (targets.length === 1 ? targets[0] : null),
    profile: 0, attackFaces: [], defenceFaces: [], supportA: 0, supportT: 0, cover: false, trapped: false, extra: [],
    // Each roll by its counts, [successes, of them critical], as the table reads it; a referee checking a roll
    // enters its faces die by die (the player can switch too).
    byFaces: !!c.isReferee, attackCount: [0, 0], defenceCount: [0, 0], more: false,
    faces: null };   // the faces that succeed, as the engine's preview says (support, Guard, cover, keywords, edition)
  // What this edition offers beside the dice (its keywords, cover hexes or not), from the server's catalogue.
  const options = ((c.catalogue || []).find((e) => e.type === "attack") || {}).options || { keywords: [], cover: false };
  // The engine offers one attack per weapon (its profile in the template): keep that weapon.
  const named = !!base.profile;
  if (named) {
    const same = (p) => (base.profile.name ? p.name === base.profile.name
      : ["range", "dice", "symbol", "damage"].every((k) => base.profile[k] === undefined || p[k] === base.profile[k]));
    st.profile = Math.max(0, profilesOf(view, st.attacker).findIndex(same));
  }
  // Numbers the content does not know (the engine asks for them: profile.dice, defence.symbol...).
  /** @type {Array<[string, *]>} */
  const asked = [...Object.keys(choices).filter((k) => k !== "target" && k !== "attacker").map((k) => /** @type {[string, *]} */ ([k, { choices: choices[k] }])),
    ...Object.entries(s.fields || {}).filter(([k]) => !/^(attack_roll|defence_roll)\./.test(k))];
  const given = {};
  for (const [path, spec] of asked) {
    if (spec.choices && spec.choices.length === 1) setPath(given, path, spec.choices[0]);
    else if (spec.type === "int") setPath(given, path, spec.min ?? 0);
  }
  return { c, view, base, attackers, targets, st, options, named, asked, given };
}

/** The weapon attacked with: the one picked, with what the engine's template says of it. */
const attackProfile = (a) => (a.named ? { ...(profilesOf(a.view, a.st.attacker)[a.st.profile] || {}), ...a.base.profile }
  : profilesOf(a.view, a.st.attacker)[a.st.profile] || {});
const attackIsMagic = (a) => attackProfile(a).spell || ["channel", "focus"].includes(attackProfile(a).symbol);
const attackKind = (a) => (attackIsMagic(a) ? "magic" : "attack");
// Dice expected in each roll: the card's numbers until the player enters more (a card) or sets fewer.
const cardDice = (a) => (a.given.profile && a.given.profile.dice) ?? attackProfile(a).dice ?? 1;
const attackExpected = (a) => Math.max(a.st.dice ?? cardDice(a), a.st.attackFaces.length);
const targetDefence = (a) => ({ ...(characteristic(a.view, a.st.target, "defence") || { dice: 1 }), ...(a.given.defence || {}) });
const defenceExpected = (a) => Math.max(a.st.defDice ?? targetDefence(a).dice ?? 1, a.st.defenceFaces.length);
const missingGiven = (a) => a.asked.some(([path]) => getPath(a.given, path) === undefined);

/** The attack entry as the form stands. */
function attackData(a) {
  const { st } = a;
  const p = attackProfile(a);
  const data = { ...a.base, attacker: st.attacker, target: st.target,
    // The weapon as the engine offered it (or as picked), plus what a card changed here.
    // A card changed how many dice were rolled: say so in the weapon's Dice.
    profile: { ...(a.named ? a.base.profile : { name: p.name }), ...(attackExpected(a) !== cardDice(a) ? { dice: attackExpected(a) } : {}),
      ...(st.extra.length ? { keywords: [...new Set([...(p.keywords || []), ...st.extra])] } : {}) },
    attack_roll: st.byFaces ? countRoll(st.attackFaces) : countedRoll(st.attackCount),
    defence_roll: st.byFaces ? countRoll(st.defenceFaces) : countedRoll(st.defenceCount) };
  for (const [path] of a.asked) if (getPath(a.given, path) !== undefined) setPath(data, path, getPath(a.given, path));
  if (st.supportA || st.supportT) data.supporting = { attacker: st.supportA, target: st.supportT };
  if (st.cover) data.cover = true;
  if (st.trapped) data.trapped = true;
  return data;
}

/** The faces that succeed, in the order the dice pad shows them (critical first). */
function faceNames(a, k, keys) {
  if (!a.st.faces) return "…";
  const names = FACE[k].filter((f) => keys.includes(f[0])).map((f) => f[2]);
  return listOr(names) || "critical only";
}

const guardText = (a) => { const tf = a.st.target && fighter(a.view, a.st.target); return tf && tf.tokens && tf.tokens.guard ? " (on Guard)" : ""; };

/** Take the success faces from the engine's answer. The answer comes while the player may be tapping: the
 *  controls stay where they are (no redraw), only their marks and the "Succeeds on" lines change. */
function learnFaces(a, body, reply) {
  const resolved = ((reply && reply.consequences) || []).find((x) => x.type === "attack_resolved");
  const faces = resolved && resolved.data && resolved.data.faces;
  if (faces && JSON.stringify(faces) !== JSON.stringify(a.st.faces)) { a.st.faces = faces; markFaces(a, body); }
}

/** The faces that succeed, marked on the drawn keys and dice, and said in words. */
function markFaces(a, body) {
  const kind = attackKind(a);
  const hits = a.st.faces ? a.st.faces.attack : [];
  const saves = a.st.faces ? a.st.faces.defence : [];
  for (const [k, keys] of [[kind, hits], ["defence", saves]]) {
    body.querySelectorAll(`[data-roll='${k}'] [data-face]`).forEach((el) => el.classList.toggle("hits", keys.includes(el.dataset.face)));
  }
  const said = { [kind]: `Succeeds on ${faceNames(a, kind, hits)}`, defence: `Saves on ${faceNames(a, "defence", saves)}${guardText(a)}` };
  body.querySelectorAll("[data-symbols]").forEach((el) => { el.textContent = said[el.dataset.symbols] || el.textContent; });
}

/** Which attack faces succeed is the weapon's (its symbol, keywords): asked of the engine against the first target,
 *  its defence left out, so the attack roll can be read before the target is tapped. */
async function attackFacesFirst(a, body, current) {
  const reply = await a.c.preview("attack", { ...attackData(a), target: a.targets[0] });
  const resolved = ((reply && reply.consequences) || []).find((x) => x.type === "attack_resolved");
  const faces = resolved && resolved.data && resolved.data.faces;
  if (current() && !a.st.target && faces) { a.st.faces = { ...faces, defence: [] }; markFaces(a, body); }
}

/** The attack sheet's body: the form, its outcome kept up to date, Commit (and Commit with a drive back). */
function attackForm(a, close) {
  const { st, view, c } = a;
  const body = h("div", { class: "stack", "data-form": "attack" });
  // Focusable: a long outcome scrolls inside the footer, and a keyboard must reach it too.
  const previewBox = h("div", { class: "preview", "aria-live": "polite", id: "attack-preview", tabindex: "0", role: "region", "aria-label": "Outcome" });
  // A drive back the outcome allows (combat step 7, pg 21) is chosen with the Commit tap itself.
  let driveBack = null;   // hexes allowed, or null
  const commit = button("", () => close({ data: attackData(a), hexes: driveBack && 0 }), { cls: "btn primary", "data-action": "commit" });
  const push = button("", () => close({ data: attackData(a), hexes: driveBack }), { cls: "btn primary", "data-action": "commit-drive-back" });
  const offerDriveBack = (n) => {
    driveBack = n;
    const who = fighterName(view, st.target);
    commit.textContent = n === null ? "Commit attack" : `Commit attack, ${who} stays`;
    push.textContent = n === null ? "" : `Drive ${who} back ${n} hex${n === 1 ? "" : "es"} and commit`;
    push.hidden = n === null;
    push.disabled = commit.disabled;
  };
  offerDriveBack(null);
  let timer = null;
  let asked = 0;   // the latest preview asked: an older answer arriving later is dropped
  async function runPreview() {
    const bare = (text) => { previewBox.className = "preview"; previewBox.replaceChildren(h("div", { class: "muted" }, text)); commit.disabled = true; offerDriveBack(null); };
    if (!st.target && !byTargetRow(a)) return bare("Pick a target to see the outcome.");
    if (!st.target) {   // (rows of targets: the attack roll's faces first)
      bare("Tap the target at what its defence roll shows (0: no save).");
      const mine = ++asked;
      return attackFacesFirst(a, body, () => mine === asked);
    }
    if (missingGiven(a)) return bare("Enter the numbers from the fighter card first.");
    const aLeft = st.byFaces ? attackExpected(a) - st.attackFaces.length : 0;
    const dLeft = st.byFaces ? defenceExpected(a) - st.defenceFaces.length : 0;
    commit.disabled = true;
    const mine = ++asked;
    const reply = await c.preview("attack", attackData(a));   // asked before any die too: it says which faces succeed
    if (mine !== asked) return;
    learnFaces(a, body, reply);
    if (st.byFaces && !st.attackFaces.length) return bare(`Tap the face each ${attackKind(a)} die shows.`);
    commit.disabled = aLeft > 0 || dLeft > 0;
    const open = [aLeft > 0 ? `${aLeft} ${attackKind(a)} ${aLeft === 1 ? "die" : "dice"}` : null,
      dLeft > 0 ? `${dLeft} defence ${dLeft === 1 ? "die" : "dice"}` : null].filter(Boolean);
    const allowed = !open.length && reply && !(reply.violations || []).length
      && (reply.consequences || []).find((x) => x.type === "drive_back_allowed" && x.data && x.data.fighter === st.target);
    offerDriveBack(allowed ? allowed.data.hexes : null);
    previewBox.className = `preview${reply && (reply.error || (reply.violations || []).length) ? " bad" : ""}${open.length ? " partial" : ""}`;
    previewBox.replaceChildren(...[open.length ? h("div", { class: "muted", "data-partial": "true" }, `So far; still to enter: ${open.join(", ")}`) : null,
      ...previewText(reply, a)].filter(Boolean));
  }
  // The outcome stays in view next to Commit, whatever part of the form is scrolled to: the footer stays below the
  // form's scrolling part (dom.js splitActions), never over it, so no key is ever under the preview or Commit.
  // Commit is the footer's last line, so the drive back offered (or the outcome's text) grows the footer upwards.
  const footer = h("div", { class: "sheet-footer" }, previewBox,
    h("div", { class: "row" }, button("Cancel", () => close(null), { cls: "btn", "data-action": "cancel" }), commit, push));
  // A change makes the outcome shown stale: Commit waits for the engine's answer to it (a quick tap must not
  // commit what the player has not seen, nor miss the drive back the new outcome allows).
  const ui = { body, close, later: () => { commit.disabled = true; push.disabled = true; clearTimeout(timer); timer = setTimeout(runPreview, 120); } };
  ui.redraw = () => drawAttackForm(a, ui);
  ui.redraw();
  runPreview();
  return h("div", { class: "attack-split" }, body, footer);
}

/** Draw the attack form again from its state. */
function drawAttackForm(a, ui) {
  const { st, view } = a;
  const kind = attackKind(a);
  const hits = st.faces ? st.faces.attack : [];
  const saves = st.faces ? st.faces.defence : [];
  const changed = () => { ui.redraw(); ui.later(); };
  const [attackPad, defencePad] = st.byFaces
    ? [dicePad({ kind, faces: FACE[kind], roll: st.attackFaces, expected: attackExpected(a), card: cardDice(a),
      label: capital(kind), hits, tint: TINT[kind], onchange: changed }),
    st.target ? dicePad({ kind: "defence", faces: FACE.defence, roll: st.defenceFaces, expected: defenceExpected(a),
      card: targetDefence(a).dice ?? 1, label: "Defence", hits: saves, tint: TINT.defence, onchange: changed }) : null]
    : [countPad(kind, attackExpected(a), st.attackCount, (v) => { st.attackCount = v; changed(); }, `${capital(kind)} roll`),
      st.target && !byTargetRow(a) ? countPad("defence", defenceExpected(a), st.defenceCount, (v) => { st.defenceCount = v; changed(); }, "Defence roll") : null];
  const dice = (n) => (st.byFaces ? "" : ` · ${n} ${n === 1 ? "die" : "dice"}`);
  ui.body.replaceChildren(...[
    ...attackPickers(a, changed),
    askedFields(a, ui),
    h("fieldset", { class: "roll" }, h("legend", {}, `${capital(kind)} roll${dice(attackExpected(a))}`),
      h("p", { class: "symbols", "data-symbols": kind }, `Succeeds on ${faceNames(a, kind, hits)}`), attackPad),
    byTargetRow(a) ? targetRolls(a, changed) : null,
    defencePad ? h("fieldset", { class: "roll" }, h("legend", {}, `Defence: ${fighterName(view, st.target)}${dice(defenceExpected(a))}`),
      h("p", { class: "symbols", "data-symbols": "defence" }, `Saves on ${faceNames(a, "defence", saves)}${guardText(a)}`), defencePad) : null,
    button(st.byFaces ? "Enter the successes instead" : "Enter each die's face instead", () => { st.byFaces = !st.byFaces; changed(); },
      { cls: "btn link", "data-action": st.byFaces ? "by-counts" : "by-faces" }),
    // Folded by default (most attacks need none of it); once opened it stays open through the redraws.
    h("details", { class: "attack-more", "data-more": "attack", ...keptOpen(!!st.more, (o) => { st.more = o; }) },
      h("summary", {}, "Support, dice a card changed, cover, trapped, keywords"),
      ...attackSituation(a, ui, changed)),
  ].filter(Boolean));
}

/** The attacker, the weapon (or the one the engine offered) and the target, as the form asks for them. */
function attackPickers(a, changed) {
  const { st, view, c, attackers, targets } = a;
  const p = attackProfile(a);
  const choice = (v, i, current, set, name) => button(typeof v === "object" ? `${profileName(v)} (${v.dice} dice, dmg ${v.damage})` : fighterName(view, v),
    () => { set(typeof v === "object" ? i : v); changed(); },
    { cls: "btn", role: "radio", "aria-checked": String(current === (typeof v === "object" ? i : v)), "data-field": name });
  const pick = (label, values, current, set, name) => h("fieldset", {}, h("legend", {}, label),
    h("div", { class: "btn-grid", role: "radiogroup", "aria-label": label }, values.map((v, i) => choice(v, i, current, set, name))));
  // With several opponents, targets come grouped under their player, so a fighter is never picked from the wrong warband.
  const targetPick = (values, current, set) => {
    const seats = [...new Set(values.map((fid) => (view.fighters[fid] || {}).seat))];
    if (seats.length < 2) return pick("Target", values, current, set, "target");
    return h("fieldset", {}, h("legend", {}, "Target"), seats.map((seat) => h("div", { class: "target-group", "data-target-seat": seat },
      h("div", { class: "muted" }, `${c.seatName(seat)}'s fighters`),
      h("div", { class: "btn-grid", role: "radiogroup", "aria-label": `Target: ${c.seatName(seat)}'s fighters` },
        values.filter((fid) => (view.fighters[fid] || {}).seat === seat).map((fid) => choice(fid, 0, current, set, "target"))))));
  };
  return [
    attackers.length > 1 ? pick("Attacker", attackers, st.attacker, (v) => { st.attacker = v; st.profile = 0; st.dice = null; }, "attacker") : null,
    a.named ? h("p", { class: "weapon", "data-weapon": p.name || "" }, p.dice === undefined ? `${profileName(p)}: numbers not known yet, enter them below`
      : `${profileName(p)} · ${p.dice} dice · damage ${p.damage}${(p.keywords || []).length ? ` · ${p.keywords.join(", ")}` : ""}`,
      targets.length === 1 && st.target ? h("b", {}, ` → ${fighterName(view, st.target)}`) : null)
      : pick("Weapon", profilesOf(view, st.attacker), st.profile, (v) => { st.profile = v; st.dice = null; st.attackFaces.length = 0; }, "profile"),
    (targets.length > 1 || !st.target) && !byTargetRow(a)
      ? targetPick(targets, st.target, (v) => { st.target = v; st.defDice = null; st.defenceCount = [0, 0]; }) : null,
  ];
}

/** Whether the target is tapped with its defence roll: several targets, each roll by its counts. */
const byTargetRow = (a) => !a.st.byFaces && a.targets.length > 1;

/** Each target with its defence roll's keys, grouped under its player at a table of several: one tap picks the
 *  target and what its defence roll shows (0 when no die saved), as the table reads an attack. */
function targetRolls(a, changed) {
  const { st, view, c } = a;
  const seats = [...new Set(a.targets.map((fid) => (view.fighters[fid] || {}).seat))];
  const saves = st.faces ? st.faces.defence : [];
  const row = (fid) => {
    const on = st.target === fid;
    const n = on ? defenceExpected(a) : (characteristic(view, fid, "defence") || {}).dice ?? 1;
    const name = fighterName(view, fid);
    return h("div", { class: `target-roll${on ? " on" : ""}`, "data-target-row": fid },
      h("div", { class: "target-roll-name" }, h("b", {}, name), ` · ${n} ${n === 1 ? "die" : "dice"}`),
      on ? h("p", { class: "symbols", "data-symbols": "defence" }, `Saves on ${faceNames(a, "defence", saves)}${guardText(a)}`) : null,
      countPad("defence", n, on ? st.defenceCount : [-1, -1], (v) => {
        if (!on) st.defDice = null;
        st.target = fid;
        st.defenceCount = v;
        changed();
      }, `Defence: ${name}`));
  };
  return h("fieldset", { class: "roll target-rolls", "data-field": "target-rolls" }, h("legend", {}, "Target: its defence roll"),
    seats.length < 2 ? a.targets.map(row) : seats.map((seat) => h("div", { class: "target-group", "data-target-seat": seat },
      h("div", { class: "muted" }, `${c.seatName(seat)}'s fighters`),
      a.targets.filter((fid) => (view.fighters[fid] || {}).seat === seat).map(row))));
}

/** The numbers the engine asks from the fighter cards (those the content does not know). */
function askedFields(a, ui) {
  const { asked, given } = a;
  return asked.length ? h("fieldset", {}, h("legend", {}, "From the fighter cards"),
    asked.map(([path, spec]) => (spec.choices
      ? h("div", { class: "btn-grid", role: "radiogroup", "aria-label": fieldLabel(path) }, spec.choices.map((v) => {
        const on = getPath(given, path) === v;
        return button(`${fieldLabel(path)}: ${String(v)}`, () => { setPath(given, path, v); ui.redraw(); ui.later(); },
          { cls: "btn", role: "radio", "aria-checked": String(on), "data-field": path });
      }))
      : h("div", { class: "row" }, h("span", { class: "grow" }, fieldLabel(path)),
        stepper(() => getPath(given, path), (v) => { setPath(given, path, v); if (/dice$/.test(path)) ui.redraw(); ui.later(); },
          spec.min ?? 0, spec.max ?? 9, fieldLabel(path)))))) : null;
}

/** A roll's counts [successes, critical] within `dice` dice. */
const clampCount = ([total, crits], dice) => [Math.min(total, dice), Math.min(crits, dice)];

/** Supporting fighters, dice rolled when a card changes it, cover and trapped, and the keywords a card adds. */
function attackSituation(a, ui, changed) {
  const { st, options } = a;
  const p = attackProfile(a);
  const kind = attackKind(a);
  const kw = options.keywords || [];
  const later = ui.later;
  const fewer = (label, get, set) => h("div", { class: "row dice-count" }, h("span", { class: "grow" }, label),
    stepper(get, (v) => { set(v); changed(); }, 1, 12, `${label} rolled`));
  return [
    h("fieldset", {}, h("legend", {}, "Supporting fighters"),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Attacker's"), stepper(() => st.supportA, (v) => { st.supportA = v; later(); }, 0, 6, "Attacker's supporting fighters")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Target's"), stepper(() => st.supportT, (v) => { st.supportT = v; later(); }, 0, 6, "Target's supporting fighters"))),
    h("fieldset", {}, h("legend", {}, "Dice rolled (when a card changes it)"),
      fewer(`${capital(kind)} dice`, () => attackExpected(a), (v) => { st.dice = v; st.attackFaces.splice(v); st.attackCount = clampCount(st.attackCount, v); }),
      st.target ? fewer("Defence dice", () => defenceExpected(a), (v) => { st.defDice = v; st.defenceFaces.splice(v); st.defenceCount = clampCount(st.defenceCount, v); }) : null),
    h("fieldset", {}, h("legend", {}, "Situation"),
      options.cover ? h("label", { class: "check" }, h("input", { type: "checkbox", checked: st.cover, onchange: (e) => { st.cover = e.target.checked; later(); } }), "Target in cover") : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: st.trapped, onchange: (e) => { st.trapped = e.target.checked; later(); } }), "Target trapped")),
    kw.length ? h("fieldset", {}, h("legend", {}, "Keywords"),
      h("div", { class: "row" }, kw.map((k) => {
        const fixed = (p.keywords || []).includes(k);
        return h("label", { class: "check", style: "flex:1 1 45%" }, h("input", { type: "checkbox", checked: fixed || st.extra.includes(k), disabled: fixed,
          onchange: (e) => { st.extra = e.target.checked ? [...st.extra, k] : st.extra.filter((x) => x !== k); later(); } }), k);
      }))) : null,
  ];
}
