#!/bin/sh
# A stand-in for the docker and podman CLIs, for tests only (run as `docker` or `podman`: a symlink of
# that name, first on the test's PATH; see test/support/containers.ts).
#
# Why it exists: docker:// and podman:// reach a container with `<cli> exec -i <container> sh -c …`
# (packages/remote/src/command.ts), and no container engine can run on the machines our tests run on.
# The engine is the one thing this stands in for; the command line, our scripts and everything they
# do are real. So it does exactly the part of the CLI that line uses, and refuses the rest:
#  - only `exec`; flags parsed as the real CLI parses them (cobra/pflag, flags end at the container
#    name, `--` ends them too, short flags may be clustered); `-i` keeps stdin attached, without it the
#    command reads end of file as with the real CLI;
#  - a flag the real CLI has but our command line never passes (-t, -e, -u, -d, …) is refused here, so
#    a change to the command line fails a test instead of being taken for granted;
#  - an unknown flag, a missing argument and a missing container fail with the real CLI's own message
#    and exit code (docker 28: daemon errors exit 1; podman: its own errors exit 125), and a command
#    not on the container's PATH with the runtime's (exit 127);
#  - a container is the directory $MYTTY_TEST_CONTAINERS/<cli>/<name> (docker's containers are not
#    podman's): `env` there (sh `export` lines) is the container's whole environment (its HOME, PATH),
#    nothing of the caller's passes in;
#  - as with the real engine, the command is not the CLI's child: it runs in its own session,
#    reparented away from this process, wired to it by fifos. Killing the CLI (the link's process
#    group) closes its stdin and stdout and leaves it running, as a real container would; and a
#    local `docker exec` shows in the process table as itself, with nothing visible below it.
# Each exec's pid is left in <container>/exec.*/pid until it ends, so a test can stop what it started.
cli=${0##*/}
case $cli in
  docker | podman) ;;
  *) printf 'container-cli.sh: run me as docker or podman, not %s\n' "$cli" >&2; exit 2 ;;
esac

usage_error() { # <message> <docker's "Run"/"See"> <docker exit>
  if [ "$cli" = docker ]; then
    printf '%s\n\nUsage:  docker exec [OPTIONS] CONTAINER COMMAND [ARG...]\n\n%s '"'"'docker exec --help'"'"' for more information\n' "$1" "$2" >&2
    exit "$3"
  fi
  printf 'Error: %s\nSee '"'"'podman exec --help'"'"'\n' "$1" >&2
  exit 125
}
not_ours() {
  printf 'container-cli.sh: `%s exec %s` is a real flag, but Mytty Bar never passes it; this stand-in refuses it\n' "$cli" "$1" >&2
  exit 125
}

if [ "${1-}" != exec ]; then
  printf 'container-cli.sh: only `%s exec` is stood in for, not `%s %s`\n' "$cli" "$cli" "$*" >&2
  exit 125
fi
shift
interactive=no
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; break ;;
    --interactive) interactive=yes ;;
    --detach | --detach-keys | --detach-keys=* | --env | --env=* | --env-file | --env-file=* | --privileged | \
      --tty | --user | --user=* | --workdir | --workdir=* | --interactive=*) not_ours "${1%%=*}" ;;
    --latest | --preserve-fd | --preserve-fd=* | --preserve-fds | --preserve-fds=*)
      [ "$cli" = podman ] && not_ours "${1%%=*}"
      usage_error "unknown flag: ${1%%=*}" Run 125 ;;
    --*) usage_error "unknown flag: ${1%%=*}" Run 125 ;;
    -?*)
      rest=${1#-}
      while [ -n "$rest" ]; do
        c=${rest%"${rest#?}"}
        rest=${rest#?}
        case $c in
          i) interactive=yes ;;
          d | e | t | u | w) not_ours "-$c" ;;
          l) [ "$cli" = podman ] && not_ours -l; usage_error "unknown shorthand flag: 'l' in $1" Run 125 ;;
          *) usage_error "unknown shorthand flag: '$c' in $1" Run 125 ;;
        esac
      done ;;
    *) break ;;
  esac
  shift
done
if [ $# -lt 2 ]; then
  [ "$cli" = docker ] && usage_error "docker: 'docker exec' requires at least 2 arguments" See 1
  [ $# -eq 0 ] && usage_error "exec requires the name or ID of a container or the --latest flag"
  usage_error "must provide a non-empty command to start an exec session: invalid argument"
fi
name=$1
shift

root=${MYTTY_TEST_CONTAINERS:?container-cli.sh: MYTTY_TEST_CONTAINERS (the containers directory) is not set}
box="$root/$cli/$name"
case $name in */* | .*) box= ;; esac
if [ -z "$box" ] || [ ! -d "$box" ]; then
  if [ "$cli" = docker ]; then
    printf 'Error response from daemon: No such container: %s\n' "$name" >&2
    exit 1
  fi
  printf 'Error: no container with name or ID "%s" found: no such container\n' "$name" >&2
  exit 125
fi

run=$(mktemp -d "$box/exec.XXXXXX") || exit 125
mkfifo "$run/in" "$run/out" "$run/err" || exit 125
# The container's process: env -i, then the container's environment; its own session; not our child
# (the subshell that starts it exits at once).
(
  setsid env -i /bin/sh -c '
    r=$1; shift
    printf "%s\n" $$ >"$r/pid"
    . "$r/../env"
    cd "${HOME:-/}" 2>/dev/null || cd /
    unset OLDPWD
    if command -v "$1" >/dev/null 2>&1; then
      "$@" <"$r/in" >"$r/out" 2>"$r/err"
      printf "%s\n" $? >"$r/status"
    else
      exec 3>"$r/err"; : <"$r/in" >"$r/out"
      printf "OCI runtime exec failed: exec failed: unable to start container process: exec: \"%s\": executable file not found in \$PATH: unknown\n" "$1" >&3
      printf "127\n" >"$r/status"
    fi' container-exec "$run" "$@" </dev/null >/dev/null 2>&1 &
)
cat <"$run/out" &
out=$!
cat <"$run/err" >&2 &
err=$!
if [ "$interactive" = yes ]; then
  # An asynchronous command's stdin is /dev/null in sh unless redirected: hand it ours by number.
  exec 3<&0
  cat <&3 >"$run/in" 3<&- &
  in=$!
else
  : >"$run/in"
  in=
fi
wait "$out"
wait "$err"
# Like the real CLI, we return when the command has ended, whatever our stdin still holds.
while [ ! -s "$run/status" ]; do
  p=
  [ -f "$run/pid" ] && IFS= read -r p <"$run/pid"
  [ -n "$p" ] && ! kill -0 "$p" 2>/dev/null && break
  sleep 0.05
done
[ -n "$in" ] && kill "$in" 2>/dev/null
code=137
[ -s "$run/status" ] && IFS= read -r code <"$run/status"
rm -rf "$run"
exit "$code"
