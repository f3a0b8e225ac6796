#!/bin/sh
# ch-server.sh DIR HTTP_PORT TCP_PORT [SHARD_TCP_PORT...]: starts a
# private ClickHouse server for make interop and make bench: its config,
# data and logs in DIR, listening on loopback only, with a database
# "profiles"; with shard ports, its remote_servers has a cluster
# "profiles" of those servers. Its pid is in DIR/pid (stop it by that).
# Exits 0 once it answers, 1 (saying why) when it does not in 30 s.
# ch-server.sh ports N: prints N free ports on loopback (the kernel's,
# so that servers started at once never meet).
set -u
if [ "$1" = ports ]; then
	exec python3 -c 'import socket, sys
s = [socket.socket() for _ in range(int(sys.argv[1]))]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))' "$2"
fi
d=$1 http=$2 tcp=$3
shift 3
mkdir -p "$d" || exit 1
{
	echo '<?xml version="1.0"?><yandex>'
	echo "<logger><level>warning</level><log>$d/log</log><errorlog>$d/err.log</errorlog></logger>"
	echo "<http_port>$http</http_port><tcp_port>$tcp</tcp_port>"
	echo "<listen_host>127.0.0.1</listen_host>"
	echo "<path>$d/data/</path><tmp_path>$d/tmp/</tmp_path>"
	echo "<user_files_path>$d/files/</user_files_path>"
	echo "<format_schema_path>$d/schemas/</format_schema_path>"
	echo "<users_config>$d/users.xml</users_config>"
	echo "<default_profile>default</default_profile><default_database>default</default_database>"
	echo "<mark_cache_size>268435456</mark_cache_size><uncompressed_cache_size>268435456</uncompressed_cache_size>"
	echo "<remote_servers><profiles>"
	for p; do
		echo "<shard><replica><host>127.0.0.1</host><port>$p</port></replica></shard>"
	done
	echo "</profiles></remote_servers></yandex>"
} >"$d/config.xml"
cat >"$d/users.xml" <<'EOF'
<?xml version="1.0"?><yandex><profiles><default></default></profiles>
<users><default><password></password><networks><ip>127.0.0.1</ip></networks>
<profile>default</profile><quota>default</quota></default></users>
<quotas><default><interval><duration>3600</duration><queries>0</queries>
<errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows>
<execution_time>0</execution_time></interval></default></quotas></yandex>
EOF
# its own session, so that a shell waiting for its children never waits
# for it
setsid clickhouse-server --config-file="$d/config.xml" \
    --pid-file="$d/pid" >"$d/out" 2>&1 </dev/null &
i=0
until clickhouse-client --port "$tcp" -q 'SELECT 1' >/dev/null 2>&1; do
	i=$((i + 1))
	if [ $i -gt 120 ]; then
		echo "ClickHouse server in $d did not start: $(tail -n 3 "$d/err.log" "$d/out" 2>/dev/null)" >&2
		exit 1
	fi
	sleep 0.25
done
clickhouse-client --port "$tcp" -q 'CREATE DATABASE profiles'
