# What the Python driver scripts of these tests share: a session on one Ilium node (round robin
# over the contact point only, so the test's own node answers) and the "ok <section>" line each
# script prints for a section that passed.
import sys

from cassandra.cluster import EXEC_PROFILE_DEFAULT, Cluster, ExecutionProfile
from cassandra.policies import RoundRobinPolicy


def ok(name):
    print('ok', name, flush=True)


def connect_from_argv():
    """The cluster and a session on HOST PORT, the script's two arguments."""
    host, port = sys.argv[1], int(sys.argv[2])
    profile = ExecutionProfile(load_balancing_policy=RoundRobinPolicy())
    cluster = Cluster([host], port=port, execution_profiles={EXEC_PROFILE_DEFAULT: profile})
    return cluster, cluster.connect()
