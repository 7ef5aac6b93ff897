using System.Runtime.InteropServices;

namespace PoolDoctor.Load.Engine.Epoll;

/// <summary>
/// The few Linux calls the epoll engine makes, straight into libc: no managed socket engine between the loop and
/// the kernel, so a request costs one send and one recv plus a share of one epoll_wait.
/// </summary>
internal static unsafe partial class Libc
{
    public const int AfInet = 2;
    public const int AfInet6 = 10;
    public const int SockStream = 1;
    public const int SockNonBlock = 0x800;
    public const int SockCloexec = 0x80000;
    public const int IpProtoTcp = 6;
    public const int TcpNoDelay = 1;
    public const int SolSocket = 1;
    public const int SoError = 4;
    public const int MsgNoSignal = 0x4000;

    public const uint EpollIn = 0x001;
    public const uint EpollOut = 0x004;
    public const uint EpollErr = 0x008;
    public const uint EpollHup = 0x010;
    public const int EpollCtlAdd = 1;
    public const int EpollCtlMod = 3;
    public const int EpollCloexec = 0x80000;

    public const int EIntr = 4;
    public const int EAgain = 11;
    public const int EInProgress = 115;

    /// <summary>struct epoll_event as x86-64 lays it out (packed: 12 bytes); other architectures use the managed engine.</summary>
    [StructLayout(LayoutKind.Sequential, Pack = 4)]
    public struct EpollEvent
    {
        public uint Events;
        public ulong Data;
    }

    [LibraryImport("libc", EntryPoint = "epoll_create1", SetLastError = true)]
    public static partial int EpollCreate(int flags);

    [LibraryImport("libc", EntryPoint = "epoll_ctl", SetLastError = true)]
    public static partial int EpollCtl(int epfd, int op, int fd, EpollEvent* ev);

    [LibraryImport("libc", EntryPoint = "epoll_wait", SetLastError = true)]
    public static partial int EpollWait(int epfd, EpollEvent* events, int maxEvents, int timeoutMs);

    [LibraryImport("libc", EntryPoint = "socket", SetLastError = true)]
    public static partial int Socket(int domain, int type, int protocol);

    [LibraryImport("libc", EntryPoint = "connect", SetLastError = true)]
    public static partial int Connect(int fd, byte* address, int length);

    [LibraryImport("libc", EntryPoint = "setsockopt", SetLastError = true)]
    public static partial int SetSockOpt(int fd, int level, int name, int* value, int length);

    [LibraryImport("libc", EntryPoint = "getsockopt", SetLastError = true)]
    public static partial int GetSockOpt(int fd, int level, int name, int* value, int* length);

    [LibraryImport("libc", EntryPoint = "send", SetLastError = true)]
    public static partial nint Send(int fd, byte* buffer, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "recv", SetLastError = true)]
    public static partial nint Recv(int fd, byte* buffer, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "close", SetLastError = true)]
    public static partial int Close(int fd);

    public static int Errno => Marshal.GetLastPInvokeError();

    /// <summary>Linux on x86-64: where the struct layout above is right and the calls exist.</summary>
    public static bool IsSupported => OperatingSystem.IsLinux() && RuntimeInformation.ProcessArchitecture == Architecture.X64;
}
