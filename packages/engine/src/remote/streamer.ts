// The sh program the engine runs on a watched host over its one ssh session (docs/remote.md#watching-a-host).
// POSIX sh only: the host needs nothing but sh, ps, id, wc, cat, rm, mv and sleep. It is sent as the remote
// command's stdin-free script, so nothing is installed; it leaves only two pid files while it runs.
//
// The engine drives it line by line on stdin, so an idle streamer costs one blocking `read` and one glob
// per tick (no process forked): `t` sends the spool files not sent yet, `s` sends one process listing,
// `a <name>` deletes an acknowledged file, `l <UTC stamp>` pushes engine.pid's mtime to that time (the
// engine's lease, docs/hook-helper.md: the engine renews it while the session is up), `w <seconds>` sets
// how long the host's helper holds a permission request for an answer (0: not at all), `r <name> <one line>`
// writes the answer for the held request spooled as <name>, `q` cleans up and exits. On stdout it writes frames:
//   HELLO - <len>\n<key=value lines>     once, first (`now=` is the host's UTC clock, for the lease; `uid=`
//                                        the ssh user's, whose agents alone are shown)
//   FILE <name> <len>\n<bytes>           one spool file, kept on the host until acknowledged
//   PSB\n<ps lines>PSE\n                 one listing (ps lines start with a space or a digit)
//   ERR <code> 0\n                       the streamer cannot work here and exits
// When stdin closes without `q`, it tells the two apart by writing once more: if stdout still takes it,
// the session is intact and the engine itself ended it (it crashed): clean up and exit. If not, the link
// was cut: hand over to a keeper, a new process (so a held helper, which waits only for the pid it saw,
// returns to its terminal at once) that names itself in engine.pid without a lease, so the hook helper
// keeps spooling into its bounded, unleased spool (docs/hook-helper.md) and holds nothing, until a new
// streamer takes over or REMOTE_LINGER_SECONDS pass: after that nothing of ours runs on the host.
import { PS_LIST_ARGS } from "@mytty-bar/detect";
import { SPOOL_MAX_HEADER_BYTES, SPOOL_MAX_PAYLOAD_BYTES } from "@mytty-bar/protocol";

export const STREAMER_VERSION = 1;
/** How long a keeper waits for the engine to come back after the link was cut (a laptop asleep, a network down). */
export const REMOTE_LINGER_SECONDS = 15 * 60;
const KEEPER_TICK_SECONDS = 5;
export const REMOTE_FILE_MAX_BYTES = SPOOL_MAX_PAYLOAD_BYTES + SPOOL_MAX_HEADER_BYTES;

// The local listing's columns, uid included: the engine keeps the ssh user's own agents (`uid=` in the
// hello). A ps without a uid column lists the rest, and then nobody's agents are left out.
const LISTING = PS_LIST_ARGS.join(" ");
const LISTING_NO_UID = LISTING.replace("uid=,", "");

export function streamerScript(): string {
  return `umask 077
trap '' HUP PIPE
case $(uname -s 2>/dev/null) in
  Darwin) d="$HOME/Library/Application Support/mytty-bar" ;;
  *) d="\${XDG_DATA_HOME:-$HOME/.local/share}/mytty-bar" ;;
esac
[ -n "\${MYTTY_BAR_DATA_DIR-}" ] && d=$MYTTY_BAR_DATA_DIR
n="$d/spool/new"
mkdir -p "$d/spool/tmp" "$n" 2>/dev/null || { printf 'ERR no-data-dir 0\\n'; exit 0; }
rd() { r=; [ -f "$1" ] && { IFS= read -r r <"$1" || :; } 2>/dev/null; }
rd "$d/engine.pid"; p=$r
rd "$d/remote-streamer.pid"; o=$r
# An engine of its own runs on the host: its hooks go to it, and we must not take its pid file.
# (A streamer handing over to its keeper rewrites both files: a mismatch is looked at again a second later.)
mine() { case $p in '' | 0* | *[!0-9]*) return 0 ;; esac; [ "$p" = "$o" ] || ! kill -0 "$p" 2>/dev/null; }
mine || { sleep 1; rd "$d/engine.pid"; p=$r; rd "$d/remote-streamer.pid"; o=$r; }
mine || { printf 'ERR engine-running 0\\n'; exit 0; }
printf '%s\\n' $$ >"$d/remote-streamer.pid.$$" && mv -f "$d/remote-streamer.pid.$$" "$d/remote-streamer.pid"
# Written now, never ahead of the clock: no lease, so the helper spools only while the spool stays small.
printf '%s\\n' $$ >"$d/engine.pid.$$" && mv -f "$d/engine.pid.$$" "$d/engine.pid"
# No helper waits for an answer now (one waits only for the pid it saw): what is left in answers/ is stale.
rm -f "$d/answers/"* 2>/dev/null
cleanup() {
  rm -f "$d/answers/wait"
  rd "$d/engine.pid"; [ "$r" = "$$" ] && rm -f "$d/engine.pid"
  rd "$d/remote-streamer.pid"; [ "$r" = "$$" ] && rm -f "$d/remote-streamer.pid"
}
hp=no; [ -x "$d/bin/mytty-bar-hook" ] && hp=yes
b="version=${STREAMER_VERSION}
pid=$$
helper=$hp
uid=$(id -u 2>/dev/null)
now=$(date -u +%Y%m%d%H%M%S 2>/dev/null)
"
printf 'HELLO - %s\\n%s' "\${#b}" "$b"
f=' '
while IFS= read -r l; do
  case $l in
    t)
      for x in "$n"/*; do
        [ -f "$x" ] || continue
        k=\${x##*/}
        case $k in .* | *[!A-Za-z0-9._-]*) continue ;; esac
        case $f in *" $k "*) continue ;; esac
        z=$(wc -c <"$x" 2>/dev/null) || continue
        z=$((z + 0))
        # Larger than the helper ever writes: not ours to send.
        [ "$z" -le ${REMOTE_FILE_MAX_BYTES} ] || { rm -f "$x"; continue; }
        printf 'FILE %s %s\\n' "$k" "$z"
        cat "$x"
        f="$f$k "
      done ;;
    s)
      printf 'PSB\\n'
      LC_ALL=C ps ${LISTING} 2>/dev/null || LC_ALL=C ps ${LISTING_NO_UID} 2>/dev/null
      printf 'PSE\\n' ;;
    'a '*)
      k=\${l#a }
      case $k in '' | .* | *[!A-Za-z0-9._-]*) continue ;; esac
      rm -f "$n/$k"
      g=' '
      for y in $f; do [ "$y" = "$k" ] || g="$g$y "; done
      f=$g ;;
    'l '*)
      k=\${l#l }
      case $k in '' | *[!0-9.]*) continue ;; esac
      # Only our own pid file: never push a lease onto someone else's pid.
      rd "$d/engine.pid"; [ "$r" = "$$" ] && TZ=UTC0 touch -c -t "$k" "$d/engine.pid" 2>/dev/null ;;
    'w '*)
      k=\${l#w }
      case $k in '' | *[!0-9]*) continue ;; esac
      mkdir -p "$d/answers" 2>/dev/null
      if [ "$k" -eq 0 ]; then rm -f "$d/answers/wait"
      else printf '%s\n' "$k" >"$d/answers/.wait.$$" && mv -f "$d/answers/.wait.$$" "$d/answers/wait"; fi ;;
    'r '*)
      k=\${l#r }
      v=\${k#* }
      k=\${k%% *}
      case $k in '' | .* | *[!A-Za-z0-9._-]*) continue ;; esac
      mkdir -p "$d/answers" 2>/dev/null
      printf '%s' "$v" >"$d/answers/.$k.tmp" && mv -f "$d/answers/.$k.tmp" "$d/answers/$k" ;;
    q) cleanup; exit 0 ;;
  esac
done
# Stdin closed without \`q\`: no answer can come now, so no helper may hold for one.
rm -f "$d/answers/wait"
rd "$d/remote-streamer.pid"; [ "$r" = "$$" ] || exit 0
# Stdout still takes a write: the session is intact and the engine ended it (a crash): nobody to keep
# for. At once: the engine's ssh client may soon die of its own broken stdout, which looks like a cut.
# (A cut closes both pipes together, well before the \`rm\` above has run.)
printf 'ERR bye 0\\n' 2>/dev/null && { cleanup; exit 0; }
# A new session's streamer may have taken over while we slept: then it is the keeper of record.
rd "$d/remote-streamer.pid"; [ "$r" = "$$" ] || exit 0
exec >/dev/null 2>&1 </dev/null
sh -c '${keeperScript()}' mytty-bar-keeper "$d" &
k=$!
printf '%s\\n' $k >"$d/remote-streamer.pid.$$" && mv -f "$d/remote-streamer.pid.$$" "$d/remote-streamer.pid"
printf '%s\\n' $k >"$d/engine.pid.$$" && mv -f "$d/engine.pid.$$" "$d/engine.pid"
`;
}

/**
 * The keeper (sh -c, \$1 = the data dir): its own pid is engine.pid now, written without a lease, which
 * it never renews. It checks every KEEPER_TICK_SECONDS that it is still the streamer of record (a new
 * session's streamer takes over by rewriting remote-streamer.pid), and exits after REMOTE_LINGER_SECONDS.
 * Single-quoted into the streamer: it holds no single quote.
 */
function keeperScript(): string {
  return `d=$1 i=0
while [ $i -lt ${Math.ceil(REMOTE_LINGER_SECONDS / KEEPER_TICK_SECONDS)} ]; do
  sleep ${KEEPER_TICK_SECONDS}
  r=; { IFS= read -r r <"$d/remote-streamer.pid" || :; } 2>/dev/null
  [ "$r" = "$$" ] || exit 0
  i=$((i + 1))
done
r=; { IFS= read -r r <"$d/engine.pid" || :; } 2>/dev/null; [ "$r" = "$$" ] && rm -f "$d/engine.pid"
rm -f "$d/remote-streamer.pid"`;
}

/** The one-shot program `remote remove` runs when no link is up: ends a keeper left from a cut link. */
export function stopScript(): string {
  return `case $(uname -s 2>/dev/null) in
  Darwin) d="$HOME/Library/Application Support/mytty-bar" ;;
  *) d="\${XDG_DATA_HOME:-$HOME/.local/share}/mytty-bar" ;;
esac
[ -n "\${MYTTY_BAR_DATA_DIR-}" ] && d=$MYTTY_BAR_DATA_DIR
r=; [ -f "$d/remote-streamer.pid" ] && { IFS= read -r r <"$d/remote-streamer.pid" || :; } 2>/dev/null
case $r in '' | 0* | *[!0-9]*) exit 0 ;; esac
kill "$r" 2>/dev/null
p=; [ -f "$d/engine.pid" ] && { IFS= read -r p <"$d/engine.pid" || :; } 2>/dev/null
[ "$p" = "$r" ] && rm -f "$d/engine.pid"
rm -f "$d/remote-streamer.pid"
exit 0
`;
}
