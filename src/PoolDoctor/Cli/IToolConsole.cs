namespace PoolDoctor.Cli;

/// <summary>
/// Where a verb writes: stdout, stderr and the width the output is laid out for. Injected (as dotnet/diagnostics'
/// tools inject their IConsole) so a verb's output is tested without starting a process; <see cref="SystemConsole"/>
/// is the one implementation that touches the process's console.
/// </summary>
internal interface IToolConsole
{
    TextWriter Out { get; }

    TextWriter Error { get; }

    /// <summary>False when stdout is a terminal: colours and live redraws are allowed there.</summary>
    bool IsOutputRedirected { get; }

    /// <summary>False when stderr is a terminal: the live status line is drawn only then.</summary>
    bool IsErrorRedirected { get; }

    /// <summary>The columns stdout's text is laid out for (see <see cref="TerminalWidth"/>).</summary>
    int Width { get; }

    /// <summary>The columns of stderr: the live status line is cut to them, so it never wraps.</summary>
    int ErrorWidth { get; }
}
