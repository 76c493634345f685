// Which printing of a warband's fighter cards a registration names: a player registers the cards they hold.
import { h } from "../dom.js";

/** The printing options of a warband when it has a choice to make (several printings, or none these rules offer),
 * else null. `offered`: the rules' warbands (each with its default_printing); `all`: every warband by id (each with
 * its printings); `picked`: the printing already chosen, if any. */
export function printingOptions(wid, offered, all, picked) {
  if (!wid) return null;
  const rec = all.get(wid);
  const list = rec ? rec.printings || [] : [];
  const own = offered.find((w) => w.id === wid);
  if (own && list.length < 2) return null;
  const chosen = picked || (own ? own.default_printing : (list[0] || {}).id);
  return list.map((p) => h("option", { value: p.id, selected: p.id === chosen }, p.label));
}
