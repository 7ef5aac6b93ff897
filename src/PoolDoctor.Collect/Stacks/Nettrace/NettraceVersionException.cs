namespace PoolDoctor.Collect.Stacks.Nettrace;

/// <summary>A nettrace file of a format this reader does not know (<see cref="NettraceParser.MinFormat"/>-<see cref="NettraceParser.MaxFormat"/>).</summary>
internal sealed class NettraceVersionException(int version)
    : NettraceFormatException($"nettrace format {version} is not supported (formats {NettraceParser.MinFormat}-{NettraceParser.MaxFormat} are, what the .NET runtime writes)")
{
    public int Version { get; } = version;
}
