"""Player mode (issue 23): a side package opened as that side's player -- its map, units, contacts,
report and line of sight over the terrain it knows, and an orders editor that signs with the
package's key.  Built from the package alone: no game file, no truth, no dice, no other side."""
