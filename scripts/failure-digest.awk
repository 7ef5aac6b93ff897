# Prints, for each failed test in a TRX file, its name and a few lines of its message: the first two, then the ones
# that carry a verdict, a culprit or an expectation. CI keeps only the tail of the output, so the whole message would
# push the reason out of sight; these lines are enough to tell a wrong verdict from a wrong culprit.
function unescape(s) {
  gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&apos;/, "'", s); gsub(/&#xD;/, "", s); gsub(/&amp;/, "\\&", s)
  return s
}
function show(s) { s = unescape(s); if (length(s) > 220) s = substr(s, 1, 220) "..."; print "    " s }
/<UnitTestResult / {
  failed = ($0 ~ /outcome="Failed"/)
  if (failed) { name = $0; sub(/.*testName="/, "", name); sub(/".*/, "", name); print "FAILED: " unescape(name) }
  inmsg = 0; line = 0; shown = 0; afterstderr = 0
}
failed && /<Message>/ { inmsg = 1; sub(/.*<Message>/, "") }
failed && inmsg {
  text = $0; last = sub(/<\/Message>.*/, "", text)
  line++
  # A tool run's message is "exit N after Ts", its stdout, then its stderr: the stderr says why it failed, after any
  # progress lines ("writing the full dump ... 5 s" hid the reason of a failed `dump` in one CI run), so all of it shows.
  if (shown < 12 && (line <= 2 || afterstderr || tolower(text) ~ /verdict|culprit|expected|starving|healthy|cpusaturated|exit [0-9]/)) { show(text); shown++ }
  if (text ~ /^--- stderr/) afterstderr = 1
  if (last) inmsg = 0
}
/<\/UnitTestResult>/ { failed = 0; inmsg = 0 }
