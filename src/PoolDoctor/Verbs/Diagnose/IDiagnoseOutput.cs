using PoolDoctor.Collect.Attach;

namespace PoolDoctor.Verbs.Diagnose;

/// <summary>
/// Where a `diagnose` run tells the user what it does, at the moment it happens: the report must show before the run
/// waits for a launched command (a test run) to finish, which may take long.
/// </summary>
internal interface IDiagnoseOutput
{
    /// <summary>Attached and any --load URL answers: the watch starts now.</summary>
    void Started(AttachedTarget attached, TimeSpan duration);

    /// <summary>The watch is over (a live status line goes before anything else is printed).</summary>
    void WatchEnded();

    /// <summary>The report files are written.</summary>
    void Written(DiagnoseWritten written);

    /// <summary>A line about the launched command the run now waits for.</summary>
    void Waiting(string line);

    /// <summary>Something the user should know about the run before it starts (a --load URL that took the connection but did not answer).</summary>
    void Note(string line);
}
